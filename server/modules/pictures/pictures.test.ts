import { describe, expect, it } from "vitest";
import { variantPipeline } from "./service";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe("variantPipeline", () => {
  // What a render costs cannot be held by a test without timing it (docs/style.md rule 7), so
  // this holds that the limit is set; sharp's own tests hold that a limit stops a render.
  it("when a variant is drawn, then sharp is given a processing time limit, so a render always ends", () => {
    const pipeline = variantPipeline({ data: PNG, contentType: "image/png" }, "photo", 160, "webp")!;

    expect((pipeline as unknown as { options: { timeoutSeconds: number } }).options.timeoutSeconds).toBeGreaterThan(0);
  });

  it("when a stored SVG is no SVG once sanitised, then nothing is drawn", () => {
    expect(variantPipeline({ data: Buffer.from("<div>no</div>"), contentType: "image/svg+xml" }, "photo", 160, "webp")).toBeNull();
  });
});
