import { describe, expect, it } from "vitest";
import { toFieldErrors } from "./form-errors";

describe("field errors", () => {
  it("when zod issues have paths, then each field gets its first message", () => {
    expect(toFieldErrors([{ path: ["title"], message: "is required" }, { path: ["title"], message: "second" }])).toEqual({ title: "is required" });
  });
  it("when the API lists errors with string paths, then they map the same way", () => {
    expect(toFieldErrors([{ path: "slug", message: "is already used by another clip" }])).toEqual({ slug: "is already used by another clip" });
  });
  it("when there are no issues, then there are no errors", () => {
    expect(toFieldErrors(undefined)).toEqual({});
  });
});
