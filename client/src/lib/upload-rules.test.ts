import { describe, expect, it } from "vitest";
import { NOT_AN_IMAGE, refusalOf, TOO_BIG, uploadErrorMessage } from "./upload-rules";

const MB5 = 5_242_880;

describe("icon upload rules", () => {
  it("when the file is a PNG, JPEG, GIF, WebP or SVG of up to 5 MB, then it is not refused", () => {
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]) {
      expect(refusalOf({ name: "icon", type, size: MB5 }, MB5)).toBeNull();
    }
    expect(refusalOf({ name: "icon.svg", type: "", size: 10 }, MB5)).toBeNull();
  });
  it("when the file is another type, then it is refused saying it is not such an image", () => {
    expect(refusalOf({ name: "notes.pdf", type: "application/pdf", size: 10 }, MB5)).toBe(`notes.pdf: ${NOT_AN_IMAGE}`);
    expect(refusalOf({ name: "noext", type: "", size: 10 }, MB5)).toContain(NOT_AN_IMAGE);
  });
  it("when the file is over 5 MB, then it is refused saying so", () => {
    expect(refusalOf({ name: "big.png", type: "image/png", size: MB5 + 1 }, MB5)).toBe(`big.png: ${TOO_BIG}`);
  });
  it("when the server refuses an upload, then its status is said in words", () => {
    expect(uploadErrorMessage(415, "Non 2xx")).toBe(NOT_AN_IMAGE);
    expect(uploadErrorMessage(413, "Non 2xx")).toBe(TOO_BIG);
    expect(uploadErrorMessage(500, "Non 2xx")).toBe("Upload failed: Non 2xx");
  });
});
