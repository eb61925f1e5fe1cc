import { describe, expect, it } from "vitest";
import { identifyImage, startsWithSvgRoot } from "./uploads";

const b64 = (s: string) => Buffer.from(s, "base64");

describe("identifyImage", () => {
  it("when the bytes are PNG, GIF, JPEG or WebP, then their type comes from the signature", async () => {
    expect(
      (await identifyImage(b64("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")))
        ?.contentType,
    ).toBe("image/png");
    expect((await identifyImage(b64("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7")))?.contentType).toBe("image/gif");
    expect((await identifyImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])))?.contentType).toBe(
      "image/jpeg",
    );
    const webp = Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x1a, 0, 0, 0]), Buffer.from("WEBPVP8 "), Buffer.alloc(14)]);
    expect((await identifyImage(webp))?.contentType).toBe("image/webp");
  });
  it("when the bytes are an SVG document, then it is accepted and sanitised", async () => {
    const out = await identifyImage(
      Buffer.from('<?xml version="1.0"?>\n<!-- x -->\n<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
    );
    expect(out?.contentType).toBe("image/svg+xml");
    expect(out?.data.toString()).not.toContain("script");
  });
  it("when the bytes are HTML, PDF, a ZIP or empty text, then they are refused", async () => {
    const html = Buffer.from("<html><svg></svg></html>");
    const pdf = Buffer.from("%PDF-1.7\n");
    const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    const blank = Buffer.from("   ");
    for (const [what, bytes] of Object.entries({ html, pdf, zip, blank })) expect(await identifyImage(bytes), what).toBeNull();
  });
});

describe("startsWithSvgRoot", () => {
  it("when an svg root follows a declaration, comments and a doctype, then it is found", () => {
    for (const text of ['<?xml version="1.0"?>\n<!-- a --><!-- b -->\n<!DOCTYPE svg PUBLIC "x">\n<svg>', "<svg\nxmlns='x'>"]) {
      expect(startsWithSvgRoot(text), text).toBe(true);
    }
  });
  it("when the first element is something else or a comment never closes, then it is not", () => {
    for (const text of ["<html><svg>", "<!-- open <svg>", "<svgx>"]) expect(startsWithSvgRoot(text), text).toBe(false);
  });
  it("when a crafted text repeats comment openers and closers, then it is still answered (linear scan)", () => {
    expect(startsWithSvgRoot("<!--a-->".repeat(200_000) + "<x>")).toBe(false);
    expect(startsWithSvgRoot("<!--".repeat(500_000))).toBe(false);
  });
});
