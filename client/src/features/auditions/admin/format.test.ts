import { describe, expect, it } from "vitest";
import { fileSize } from "./format";

describe("fileSize", () => {
  it("when a size is given in bytes, then it reads in the largest unit under 1024, with one decimal below 100", () => {
    expect(fileSize(512)).toBe("512 bytes");
    expect(fileSize(12 * 1024)).toBe("12.0 KB");
    expect(fileSize(350 * 1024 * 1024)).toBe("350 MB");
    expect(fileSize(1.25 * 1024 ** 3)).toBe("1.3 GB");
  });
});
