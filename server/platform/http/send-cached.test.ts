import { describe, expect, it } from "vitest";
import { encodedBody } from "./send-cached";

const entry = () => ({ body: "x".repeat(2048), etag: '"e"' });
const chosen = (acceptEncoding: string | undefined) => encodedBody(entry(), acceptEncoding).encoding;

describe("encodedBody", () => {
  it("when the client refuses brotli with q=0, then it gets gzip", () => {
    expect(chosen("br;q=0, gzip")).toBe("gzip");
  });

  it("when the client ranks gzip above brotli by q-value, then the client's ranking decides", () => {
    expect(chosen("gzip;q=0.5, br;q=0.1")).toBe("gzip");
  });

  it("when the client takes anything (*) or ranks both the same, then brotli, the smaller", () => {
    expect(chosen("*")).toBe("br");
    expect(chosen("gzip, deflate, br")).toBe("br");
    expect(chosen("gzip;q=1, br;q=1")).toBe("br");
  });

  it("when the client asks for identity, sends no header, or refuses every coding, then the body goes as it is", () => {
    expect(chosen("identity")).toBeNull();
    expect(chosen(undefined)).toBeNull();
    expect(chosen("")).toBeNull();
    expect(chosen("identity;q=0")).toBeNull();
    expect(chosen("*;q=0")).toBeNull();
    expect(chosen("br;q=0, gzip;q=0")).toBeNull();
  });

  it("when a coding's name only contains br or gzip, then it is not taken for them", () => {
    expect(chosen("x-brotli, gzipped")).toBeNull();
  });
});
