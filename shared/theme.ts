import { z } from "zod";

/** Theme ids offered by the selector (docs/product.md §3). */
export const PRESET_THEME_IDS = [
  "medical-clean",
  "deep-ocean",
  "forest-depth",
  "sage-wisdom",
  "warm-terra",
  "fire-orange",
  "electric-blue",
  "neon-green",
  "royal-purple",
  "crimson-red",
] as const;

/** Ids the site-wide applier also recognises, and the default, which has no style class. */
const LEGACY_THEME_IDS = ["mineral-slate", "therapeutic-mauve", "clinical-steel", "wellness-copper", "midnight-recovery"] as const;
export const DEFAULT_THEME_ID = "warm-professional";

export const NAMED_THEME_IDS = [...PRESET_THEME_IDS, ...LEGACY_THEME_IDS, DEFAULT_THEME_ID] as const;

/** Slider bounds and steps of docs/product.md §5. */
export const CUSTOM_THEME_BOUNDS = {
  hue: { min: 0, max: 360, step: 1 },
  saturation: { min: 0, max: 100, step: 5 },
  lightDark: { min: 0, max: 50, step: 1 },
  saturationLight: { min: 0, max: 100, step: 5 },
  lightBright: { min: 20, max: 80, step: 1 },
} as const;

export const CUSTOM_THEME_DEFAULTS = {
  hue: 220,
  saturation: 70,
  lightDark: 10,
  saturationLight: 80,
  lightBright: 50,
};

export const TWO_COLOR_DEFAULTS = { startColor: "#1a0a0a", endColor: "#ff6b35" };

const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour like #1a2b3c");
const bounded = (name: keyof typeof CUSTOM_THEME_BOUNDS) =>
  z.number().int().min(CUSTOM_THEME_BOUNDS[name].min).max(CUSTOM_THEME_BOUNDS[name].max);

const themeSchema = z.discriminatedUnion("id", [
  z.strictObject({ id: z.enum(NAMED_THEME_IDS) }),
  z.strictObject({
    id: z.literal("custom"),
    hue: bounded("hue"),
    saturation: bounded("saturation"),
    lightDark: bounded("lightDark"),
    saturationLight: bounded("saturationLight"),
    lightBright: bounded("lightBright"),
  }),
  z.strictObject({ id: z.literal("two-color"), startColor: hex, endColor: hex }),
]);

export type Theme = z.infer<typeof themeSchema>;

/**
 * The stored `site_theme` value is a plain id for named themes (as the spec stores it) or a
 * JSON object carrying the parameters of a custom or two-colour theme.
 */
export function parseStoredTheme(value: string | null | undefined): Theme | null {
  if (!value) return null;
  const trimmed = value.trim();
  let candidate: unknown;
  if (trimmed.startsWith("{")) {
    try {
      candidate = JSON.parse(trimmed);
    } catch {
      return null;
    }
  } else if (trimmed === "custom") {
    candidate = { id: "custom", ...CUSTOM_THEME_DEFAULTS };
  } else if (trimmed === "two-color") {
    candidate = { id: "two-color", ...TWO_COLOR_DEFAULTS };
  } else {
    candidate = { id: trimmed };
  }
  const parsed = themeSchema.safeParse(candidate);
  return parsed.success ? parsed.data : null;
}

export function serializeTheme(theme: Theme): string {
  return theme.id === "custom" || theme.id === "two-color" ? JSON.stringify(theme) : theme.id;
}
