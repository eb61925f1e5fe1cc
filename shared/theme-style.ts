// Types only: shared/theme.ts builds zod schemas, which stay out of the visitor's first download.
import type { Theme } from "./theme";

const DEFAULT_THEME_ID = "warm-professional";

/**
 * Site-wide theme (docs/product.md §3, §4): the body carries one `theme-{id}` class (none for the default)
 * and the CSS variables of that theme. Every theme's text colour and a darkening or lightening
 * scrim are derived from its gradient stops, so the text contrast holds for any colours the admin
 * picks (WCAG AA, 4.5:1), including custom and two-colour themes.
 */
type Rgb = [number, number, number];

export const NAMED_PALETTES: Record<string, { start: string; end: string }> = {
  "warm-professional": { start: "#2b1a12", end: "#8a4b2a" },
  "medical-clean": { start: "#f8fafc", end: "#dbeafe" },
  "deep-ocean": { start: "#020617", end: "#0e4a6e" },
  "forest-depth": { start: "#052e16", end: "#166534" },
  "sage-wisdom": { start: "#eef3ea", end: "#c8d5b9" },
  "warm-terra": { start: "#3b1d12", end: "#b45a3c" },
  "fire-orange": { start: "#1a0a0a", end: "#ff6b35" },
  "electric-blue": { start: "#020024", end: "#0062ff" },
  "neon-green": { start: "#001a0a", end: "#00c853" },
  "royal-purple": { start: "#1a0533", end: "#6b21a8" },
  "crimson-red": { start: "#1a0000", end: "#b91c1c" },
  "mineral-slate": { start: "#0f172a", end: "#475569" },
  "therapeutic-mauve": { start: "#2a1a2e", end: "#8e6b8f" },
  "clinical-steel": { start: "#e2e8f0", end: "#94a3b8" },
  "wellness-copper": { start: "#2a1608", end: "#b87333" },
  "midnight-recovery": { start: "#000000", end: "#1e1b4b" },
};

const THEME_CLASS_PREFIX = "theme-";
export const ALL_THEME_CLASSES = [...Object.keys(NAMED_PALETTES), "custom", "two-color"]
  .filter((id) => id !== DEFAULT_THEME_ID)
  .map((id) => THEME_CLASS_PREFIX + id);

const LIGHT_TEXT: Rgb = [255, 255, 255];
const DARK_TEXT: Rgb = [17, 17, 17];
export const MIN_CONTRAST = 4.5;

export function hexToRgb(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return [0, 0, 0];
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

export function hslToRgb(h: number, s: number, l: number): Rgb {
  const sat = s / 100;
  const light = l / 100;
  const k = (n: number) => (n + h / 30) % 12;
  const a = sat * Math.min(light, 1 - light);
  const f = (n: number) => light - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

function rgbToHex([r, g, b]: Rgb): string {
  return "#" + [r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("");
}

function relativeLuminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function blend(base: Rgb, over: Rgb, alpha: number): Rgb {
  return [0, 1, 2].map((i) => base[i]! * (1 - alpha) + over[i]! * alpha) as Rgb;
}

/** Colours along the gradient (a linear sRGB interpolation, as the browser paints it). */
function samples(start: Rgb, end: Rgb): Rgb[] {
  return [0, 0.25, 0.5, 0.75, 1].map((t) => blend(start, end, t));
}

export interface Scheme {
  text: Rgb;
  /** Black (for light text) or white (for dark text) laid over the gradient at `scrimAlpha`. */
  scrim: Rgb;
  scrimAlpha: number;
}

/** The text colour and the lightest scrim that give every part of the gradient 4.5:1 or more. */
export function readableScheme(start: Rgb, end: Rgb): Scheme {
  const points = samples(start, end);
  const options = [
    { text: LIGHT_TEXT, scrim: [0, 0, 0] as Rgb },
    { text: DARK_TEXT, scrim: [255, 255, 255] as Rgb },
  ].map((o) => {
    for (let step = 0; step <= 20; step++) {
      const alpha = step * 0.05;
      const worst = Math.min(...points.map((p) => contrastRatio(o.text, blend(p, o.scrim, alpha))));
      if (worst >= MIN_CONTRAST + 0.1) return { ...o, scrimAlpha: Math.round(alpha * 100) / 100 };
    }
    return { ...o, scrimAlpha: 1 };
  });
  return options.reduce((best, o) => (o.scrimAlpha < best.scrimAlpha ? o : best));
}

export interface BodyTheme {
  className: string | null;
  vars: Record<string, string>;
}

function stopsOf(theme: Theme | null): { start: string; end: string } {
  if (!theme) return NAMED_PALETTES[DEFAULT_THEME_ID]!;
  if (theme.id === "custom") {
    return {
      start: rgbToHex(hslToRgb(theme.hue, theme.saturation, theme.lightDark)),
      end: rgbToHex(hslToRgb(theme.hue, theme.saturationLight, theme.lightBright)),
    };
  }
  if (theme.id === "two-color") return { start: theme.startColor, end: theme.endColor };
  return NAMED_PALETTES[theme.id] ?? NAMED_PALETTES[DEFAULT_THEME_ID]!;
}

/** The body class and CSS variables of a theme; null means the default. */
export function bodyTheme(theme: Theme | null): BodyTheme {
  const { start, end } = stopsOf(theme);
  const scheme = readableScheme(hexToRgb(start), hexToRgb(end));
  const lightText = scheme.text === LIGHT_TEXT;
  const id = theme?.id ?? DEFAULT_THEME_ID;
  return {
    className: id === DEFAULT_THEME_ID ? null : THEME_CLASS_PREFIX + id,
    vars: {
      "--bg-start": start,
      "--bg-end": end,
      "--scrim": `rgb(${scheme.scrim.join(" ")} / ${scheme.scrimAlpha})`,
      "--fg": rgbToHex(scheme.text),
      "--fg-rgb": scheme.text.join(" "),
      // Cards deepen the scrim's direction, so a more opaque card only raises the contrast.
      "--card-rgb": scheme.scrim.join(" "),
      "--btn-fg": lightText ? "#111111" : "#ffffff",
    },
  };
}
