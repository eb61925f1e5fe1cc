import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import satori from "satori";
import { describe, expect, it } from "vitest";
import { baseFonts, drawableText, fontFamily, loadAdditionalAsset, twemojiName } from "./fonts";
import { renderShareImage } from "./draw";

const SCRIPTS = {
  polish: "Zażółć gęślą jaźń — Łódź",
  cyrillic: "Привет, мир! Ёжик",
  greek: "Καλημέρα κόσμε",
  vietnamese: "Tiếng Việt có dấu",
  chinese: "你好世界",
  japanese: "こんにちは カタカナ",
  korean: "안녕하세요",
};

/** Every code point a fontsource stylesheet's unicode ranges list (what the fonts claim to draw). */
function listedCodePoints(pkg: string): number[] {
  const dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
  const css = fs.readFileSync(path.join(dir, "400.css"), "utf8");
  const listed = new Set<number>();
  for (const [, ranges] of css.matchAll(/unicode-range:([^;]*);/g)) {
    for (const range of ranges!.split(",")) {
      const [start, end] = range.trim().replace("U+", "").split("-");
      for (let cp = parseInt(start!, 16); cp <= parseInt(end ?? start!, 16); cp++) listed.add(cp);
    }
  }
  return [...listed];
}

/** A div holding the text, in the share image's fonts (satori takes React-shaped elements). */
const line = (text: string) =>
  ({ type: "div", props: { style: { display: "flex", fontFamily: fontFamily(), fontSize: 20 }, children: text } }) as Parameters<
    typeof satori
  >[0];

/** satori's drawing of one character at the start of a line, as the share image lays text out. */
const drawingOf = (ch: string) =>
  satori(line(ch), {
    width: 60,
    height: 40,
    fonts: baseFonts(),
    loadAdditionalAsset,
  });

describe("share-image fonts", () => {
  it("when a character is listed by a font's unicode range and kept by drawableText, then satori draws it with a glyph, never the missing-glyph box", async () => {
    const box = await drawingOf("\u0378"); // unassigned: every font's missing-glyph box
    expect(await drawingOf("A")).not.toBe(box);
    // Inter's subsets whole; Noto's CJK chunks sampled (one in 97), with the blocks' last code
    // points, which the chunks list and the fonts lack.
    const candidates = [
      ...listedCodePoints("@fontsource/inter"),
      ...[...listedCodePoints("@fontsource/noto-sans-sc"), ...listedCodePoints("@fontsource/noto-sans-kr")].filter((_, i) => i % 97 === 0),
      ...Array.from({ length: 16 }, (_, i) => 0x9ff0 + i),
      ...Array.from({ length: 10 }, (_, i) => 0x4db6 + i),
    ];
    const kept = candidates.map((cp) => String.fromCodePoint(cp)).filter((ch) => drawableText(ch) === ch && !/\s/.test(ch));
    expect(kept.length).toBeGreaterThan(1500);
    const boxes = [];
    for (const ch of kept) if ((await drawingOf(ch)) === box) boxes.push(`U+${ch.codePointAt(0)!.toString(16)}`);
    expect(boxes).toEqual([]);
    // The characters a stylesheet lists but the file lacks are left out: U+2010 (hyphen) and the
    // newest ideographs.
    expect(drawableText("a\u2010b\u9ff0c")).toBe("abc");
  }, 120_000);

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

  it("when a headline has no Chinese, Japanese or Korean in it, then no CJK font is asked for or read", async () => {
    const asked: string[] = [];
    await satori(line(drawableText(`${SCRIPTS.polish} ${SCRIPTS.cyrillic} ${SCRIPTS.greek}`)), {
      width: 1200,
      height: 630,
      fonts: baseFonts(),
      loadAdditionalAsset: (code, segment) => {
        asked.push(code);
        return loadAdditionalAsset(code, segment);
      },
    });
    expect(asked).toEqual([]);
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
    const png = await renderShareImage({
      headline: `${Object.values(SCRIPTS).join(" ")} 🎙️🔥`,
      isQuote: true,
      quoteWords: "«\u00a0\u0000\u00a0»",
      footer: "Шоу · 节目",
      theme: null,
      language: "fr",
    });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
