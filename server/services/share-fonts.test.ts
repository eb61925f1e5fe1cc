import { describe, expect, it } from "vitest";
import { drawableText, loadAdditionalAsset, twemojiName } from "./share-fonts";
import { renderShareImage } from "./share-image";

const SCRIPTS = {
  polish: "Zażółć gęślą jaźń — Łódź",
  cyrillic: "Привет, мир! Ёжик",
  greek: "Καλημέρα κόσμε",
  vietnamese: "Tiếng Việt có dấu",
  chinese: "你好世界",
  japanese: "こんにちは カタカナ",
  korean: "안녕하세요",
};

describe("share-image fonts", () => {
  it("when a text is Polish, Cyrillic, Greek, Vietnamese, Chinese, Japanese or Korean, then every character is drawable", () => {
    for (const [script, text] of Object.entries(SCRIPTS)) expect(drawableText(text), script).toBe(text);
  });

  it("when a text holds a script no shipped font draws, then those characters are left out rather than drawn as boxes", () => {
    expect(drawableText("مرحبا hello ไทย")).toBe("hello");
    expect(drawableText("\u0000a\u0007b")).toBe("ab");
  });

  it("when satori asks for a CJK segment, then only the chunks that cover it are loaded, as fonts of their own", async () => {
    const fonts = (await loadAdditionalAsset("zh-CN", "你好")) as { name: string; data: Buffer }[];
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.length).toBeLessThanOrEqual(4); // one or two chunks, two weights
    expect(new Set(fonts.map((f) => f.name)).size).toBe(fonts.length);
    expect(await loadAdditionalAsset("ar-AR", "مرحبا")).toEqual([]);
  });

  it("when satori asks for an emoji, then it gets Twemoji's drawing (a blank one for an unknown sequence)", async () => {
    expect(twemojiName("🎙️")).toBe("1f399");
    expect(twemojiName("👩‍💻")).toBe("1f469-200d-1f4bb");
    const mic = (await loadAdditionalAsset("emoji", "🎙️")) as string;
    expect(Buffer.from(mic.split(",")[1]!, "base64").toString()).toMatch(/^<svg/);
    expect(mic.length).toBeGreaterThan(500);
    const unknown = (await loadAdditionalAsset("emoji", "\u{1fae9}\u{1fae9}")) as string;
    expect(Buffer.from(unknown.split(",")[1]!, "base64").toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"/>');
  });

  it("when a headline mixes scripts and emoji, then a 1200×630 PNG is drawn", async () => {
    const png = await renderShareImage({ headline: `${Object.values(SCRIPTS).join(" ")} 🎙️🔥`, isQuote: true, footer: "Шоу · 节目", theme: null });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
