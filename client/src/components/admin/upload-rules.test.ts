import { describe, expect, it } from "vitest";
import { englishI18n } from "@/test/language";
import { NOT_AN_IMAGE, refusalOf, TOO_BIG, uploadErrorMessage, type UploadProblem } from "./upload-rules";

const MB5 = 5_242_880;

/** What the dialog says of a problem on an English site. */
const i18n = englishI18n();
const say = (problem: UploadProblem | null) => (problem ? i18n._(problem.key, problem.values) : null);

describe("icon upload rules", () => {
  it("when the file is a PNG, JPEG, GIF, WebP or SVG of up to 5 MB, then it is not refused", () => {
    for (const type of ["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]) {
      expect(refusalOf({ name: "icon", type, size: MB5 }, MB5)).toBeNull();
    }
    expect(refusalOf({ name: "icon.svg", type: "", size: 10 }, MB5)).toBeNull();
  });
  it("when the file is another type, then it is refused saying it is not such an image", () => {
    expect(say(refusalOf({ name: "notes.pdf", type: "application/pdf", size: 10 }, MB5))).toBe(`notes.pdf: ${say(NOT_AN_IMAGE)}`);
    expect(say(refusalOf({ name: "noext", type: "", size: 10 }, MB5))).toContain(say(NOT_AN_IMAGE));
  });
  it("when the file is over 5 MB, then it is refused saying so", () => {
    expect(say(refusalOf({ name: "big.png", type: "image/png", size: MB5 + 1 }, MB5))).toBe(`big.png: ${say(TOO_BIG)}`);
  });
  it("when the server refuses an upload, then its status is said in the owner's words, never the uploader's", () => {
    // As Uppy's S3 client reports it: the status and the body on the error, "S3 returned 415" as its message.
    const s3 = (status: number, body = "") => ({ name: "S3ServiceError", status, body, message: `S3 returned ${status}` });
    expect(uploadErrorMessage(s3(415))).toBe(NOT_AN_IMAGE);
    expect(uploadErrorMessage(s3(413))).toBe(TOO_BIG);
    expect(say(NOT_AN_IMAGE)).toBe("This file is not a PNG, JPEG, GIF, WebP or SVG image.");
    expect(say(TOO_BIG)).toBe("This file is over 5 MB: choose an image of up to 5 MB.");
    expect(say(uploadErrorMessage(s3(410)))).toBe("The upload took too long and its address expired: press Retry.");
    expect(say(uploadErrorMessage(s3(507)))).toBe("The server's disk is full: the image was not saved. Free some space, then retry.");
    expect(say(uploadErrorMessage(s3(400, JSON.stringify({ message: "The file is empty" }))))).toBe(
      "The image was not saved: The file is empty",
    );
    expect(say(uploadErrorMessage(s3(502, "<html>Bad gateway</html>")))).toBe(
      "The server could not take the image just now: press Retry in a moment.",
    );
    expect(say(uploadErrorMessage({ name: "S3NetworkError", message: "Network error during S3 request" }))).toBe(
      "The connection was lost during the upload: check it, then press Retry.",
    );
    for (const status of [400, 410, 413, 415, 500, 502, 507]) expect(say(uploadErrorMessage(s3(status)))).not.toMatch(/S3|returned|\d{3}/);
  });
});
