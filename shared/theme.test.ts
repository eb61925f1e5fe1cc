import { describe, expect, it } from "vitest";
import { parseStoredTheme, serializeTheme, TWO_COLOR_DEFAULTS } from "./theme";

describe("stored themes", () => {
  it("when the value is a named id, then it parses to that theme and serialises back to the id", () => {
    expect(parseStoredTheme("deep-ocean")).toEqual({ id: "deep-ocean" });
    expect(serializeTheme({ id: "deep-ocean" })).toBe("deep-ocean");
  });
  it("when the value is the bare id 'two-color', then the spec's default colours apply", () => {
    expect(parseStoredTheme("two-color")).toEqual({ id: "two-color", ...TWO_COLOR_DEFAULTS });
  });
  it("when custom parameters are out of the slider bounds, then the value is refused", () => {
    const ok = { id: "custom", hue: 360, saturation: 0, lightDark: 50, saturationLight: 100, lightBright: 20 };
    expect(parseStoredTheme(JSON.stringify(ok))).toEqual(ok);
    expect(parseStoredTheme(JSON.stringify({ ...ok, hue: 361 }))).toBeNull();
    expect(parseStoredTheme(JSON.stringify({ ...ok, lightBright: 81 }))).toBeNull();
  });
  it("when the value is unknown or malformed, then it parses to null", () => {
    expect(parseStoredTheme("nope")).toBeNull();
    expect(parseStoredTheme("{")).toBeNull();
    expect(parseStoredTheme("")).toBeNull();
  });
});
