import { describe, expect, it } from "vitest";
import { DEFAULT_THEME_ID, NAMED_THEME_IDS, parseStoredTheme } from "./theme";
import {
  ALL_THEME_CLASSES,
  bodyTheme,
  NAMED_PALETTES,
  contrastRatio,
  hexToRgb,
  hslToRgb,
  MIN_CONTRAST,
  readableScheme,
} from "./theme-style";

function worstContrast(vars: Record<string, string>): number {
  const fg = hexToRgb(vars["--fg"]!);
  const [, r, g, b, a] = /rgb\((\d+) (\d+) (\d+) \/ ([\d.]+)\)/.exec(vars["--scrim"]!)!.map(Number) as number[];
  const start = hexToRgb(vars["--bg-start"]!);
  const end = hexToRgb(vars["--bg-end"]!);
  let worst = Infinity;
  for (let t = 0; t <= 1.0001; t += 0.05) {
    const bg = [0, 1, 2].map((i) => {
      const base = start[i]! * (1 - t) + end[i]! * t;
      return base * (1 - a!) + [r!, g!, b!][i]! * a!;
    }) as [number, number, number];
    worst = Math.min(worst, contrastRatio(fg, bg));
  }
  return worst;
}

describe("contrast ratio (WCAG 2 relative luminance)", () => {
  it("when judged against published values, then it agrees: 21:1 black on white, #767676 the lightest grey at 4.5:1 on white, #777777 just under, #595959 at 7:1", () => {
    const white = hexToRgb("#ffffff");
    expect(contrastRatio(hexToRgb("#000000"), white)).toBeCloseTo(21, 5);
    expect(contrastRatio(white, hexToRgb("#000000"))).toBeCloseTo(21, 5);
    expect(contrastRatio(white, white)).toBeCloseTo(1, 5);
    expect(contrastRatio(hexToRgb("#767676"), white)).toBeCloseTo(4.54, 2);
    expect(contrastRatio(hexToRgb("#777777"), white)).toBeLessThan(MIN_CONTRAST);
    expect(contrastRatio(hexToRgb("#595959"), white)).toBeCloseTo(7.0, 1);
    // A coloured pair from WebAIM's checker: #0000ff on white is 8.59:1.
    expect(contrastRatio(hexToRgb("#0000ff"), white)).toBeCloseTo(8.59, 2);
  });
});

describe("theme styles", () => {
  it("when the shared theme ids are listed, then each has a palette and every non-default id a class", () => {
    for (const id of NAMED_THEME_IDS) {
      expect(NAMED_PALETTES[id], id).toBeDefined();
      if (id !== DEFAULT_THEME_ID) expect(ALL_THEME_CLASSES).toContain(`theme-${id}`);
    }
    expect(ALL_THEME_CLASSES).toContain("theme-custom");
    expect(ALL_THEME_CLASSES).toContain("theme-two-color");
  });

  it("when any named theme is applied, then its text has at least 4.5:1 contrast across the gradient", () => {
    for (const id of NAMED_THEME_IDS) {
      const theme = parseStoredTheme(id);
      expect(theme, id).not.toBeNull();
      expect(worstContrast(bodyTheme(theme).vars), id).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it("when the default theme is stored or nothing is stored, then the body gets no theme class", () => {
    expect(bodyTheme(null).className).toBeNull();
    expect(bodyTheme(parseStoredTheme("warm-professional")).className).toBeNull();
    expect(bodyTheme(parseStoredTheme("deep-ocean")).className).toBe("theme-deep-ocean");
  });

  it("when a two-colour theme has light colours, then the text turns dark or a scrim keeps it readable", () => {
    for (const theme of [
      { id: "two-color", startColor: "#ffffff", endColor: "#ffff00" },
      { id: "two-color", startColor: "#1a0a0a", endColor: "#ff6b35" },
      { id: "two-color", startColor: "#777777", endColor: "#888888" },
      { id: "two-color", startColor: "#000000", endColor: "#ffffff" },
    ] as const) {
      const vars = bodyTheme(theme).vars;
      expect(vars["--bg-start"]).toBe(theme.startColor);
      expect(worstContrast(vars), `${theme.startColor}-${theme.endColor}`).toBeGreaterThanOrEqual(MIN_CONTRAST);
    }
  });

  it("when a custom single-colour theme is applied, then its stops follow hue, saturation and lightness", () => {
    const theme = { id: "custom" as const, hue: 0, saturation: 100, lightDark: 25, saturationLight: 100, lightBright: 50 };
    const { vars, className } = bodyTheme(theme);
    expect(className).toBe("theme-custom");
    expect(vars["--bg-start"]).toBe("#800000");
    expect(vars["--bg-end"]).toBe("#ff0000");
    expect(worstContrast(vars)).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });

  it("when custom sliders sit at their extremes, then the text stays readable", () => {
    for (const lightBright of [20, 50, 80]) {
      for (const lightDark of [0, 50]) {
        const vars = bodyTheme({ id: "custom", hue: 60, saturation: 100, lightDark, saturationLight: 100, lightBright }).vars;
        expect(worstContrast(vars)).toBeGreaterThanOrEqual(MIN_CONTRAST);
      }
    }
  });

  it("when converting hsl, then primary colours come out exact", () => {
    expect(hslToRgb(120, 100, 50)).toEqual([0, 255, 0]);
    expect(readableScheme([0, 0, 0], [0, 0, 0]).scrimAlpha).toBe(0);
  });
});
