/**
 * The languages the site speaks: each has a complete set of catalogues in `shared/locales/<tag>/`
 * (README "Languages"). English is the source and keeps the product's own words.
 */
export const LANGUAGES = [
  { tag: "en", name: "English" },
  { tag: "es", name: "Español" },
  { tag: "fr", name: "Français" },
  { tag: "de", name: "Deutsch" },
  { tag: "pt-BR", name: "Português (Brasil)" },
  { tag: "it", name: "Italiano" },
  { tag: "ca", name: "Català" },
  { tag: "el", name: "Ελληνικά" },
  { tag: "ar", name: "العربية" },
] as const;

export type LanguageTag = (typeof LANGUAGES)[number]["tag"];

export const DEFAULT_LANGUAGE: LanguageTag = "en";

const RIGHT_TO_LEFT = new Set<string>(["ar"]);

/** The tag as BCP 47 writes it ("pt-br" → "pt-BR"), or null for what is not a language tag. */
function canonical(tag: string): string | null {
  try {
    return Intl.getCanonicalLocales(tag.trim())[0] ?? null;
  } catch {
    return null;
  }
}

/** The language of `tag` when it has catalogues ("de", "pt-BR", any letter case), else null. */
export function catalogueLanguage(tag: string | null | undefined): LanguageTag | null {
  const value = tag ? canonical(tag) : null;
  return LANGUAGES.find((l) => l.tag === value)?.tag ?? null;
}

/**
 * The catalogue for a feed's `<language>` ("ca", "en-us", "pt-PT"): the same tag, else the same
 * language in another region ("en-us" → "en", "pt-PT" → "pt-BR"), else null.
 */
export function languageOfFeed(tag: string | null | undefined): LanguageTag | null {
  const exact = catalogueLanguage(tag);
  if (exact) return exact;
  const value = tag ? canonical(tag) : null;
  if (!value) return null;
  const { language } = new Intl.Locale(value);
  return LANGUAGES.find((l) => new Intl.Locale(l.tag).language === language)?.tag ?? null;
}

/** `rtl` for a language written right to left (Arabic), else `ltr`. */
export const textDirection = (tag: string): "ltr" | "rtl" => (RIGHT_TO_LEFT.has(tag) ? "rtl" : "ltr");

/** The site's language: the stored setting when it has catalogues, else English. */
export const siteLanguageOf = (value: string | null | undefined): LanguageTag => catalogueLanguage(value) ?? DEFAULT_LANGUAGE;
