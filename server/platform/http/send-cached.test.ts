import { describe, expect, it } from "vitest";
import { encodedBody } from "./send-cached";

const entry = () => ({ body: "x".repeat(2048), etag: '"e"' });
const chosen = (acceptEncoding: string | undefined) => encodedBody(entry(), acceptEncoding).encoding;

describe("encodedBody", () => {
  it.each<{ name: string; cases: [acceptEncoding: string | undefined, encoding: string | null][] }>([
    { name: "when the client refuses brotli with q=0, then it gets gzip", cases: [["br;q=0, gzip", "gzip"]] },
    {
      name: "when the client ranks gzip above brotli by q-value, then the client's ranking decides",
      cases: [["gzip;q=0.5, br;q=0.1", "gzip"]],
    },
    {
      name: "when the client takes anything (*) or ranks both the same, then brotli, the smaller",
      cases: [
        ["*", "br"],
        ["gzip, deflate, br", "br"],
        ["gzip;q=1, br;q=1", "br"],
      ],
    },
    {
      name: "when the client asks for identity, sends no header, or refuses every coding, then the body goes as it is",
      cases: [
        ["identity", null],
        [undefined, null],
        ["", null],
        ["identity;q=0", null],
        ["*;q=0", null],
        ["br;q=0, gzip;q=0", null],
      ],
    },
    { name: "when a coding's name only contains br or gzip, then it is not taken for them", cases: [["x-brotli, gzipped", null]] },
  ])("$name", ({ cases }) => {
    for (const [acceptEncoding, encoding] of cases) expect(chosen(acceptEncoding), String(acceptEncoding)).toBe(encoding);
  });
});
