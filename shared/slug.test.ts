import { describe, expect, it } from "vitest";
import { SLUG_PATTERN, slugify } from "./slug";

describe("slugify", () => {
  it("when a title has capitals, punctuation and spaces, then each run becomes one hyphen, trimmed at both ends", () => {
    expect(slugify("  Pain & Learning: Part 1!  ")).toBe("pain-learning-part-1");
    expect(slugify("--Hello---World--")).toBe("hello-world");
  });
  it("when a title has no letters or digits, then the slug is empty", () => {
    expect(slugify("!!! ???")).toBe("");
  });
  it("when letters are accented, then they count as separators (only a-z and 0-9 stay)", () => {
    expect(slugify("Café Olé")).toBe("caf-ol");
    expect(SLUG_PATTERN.test(slugify("Café Olé"))).toBe(true);
  });
});
