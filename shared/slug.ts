import transliterate from "@sindresorhus/transliterate";
import { trim, trimEnd } from "es-toolkit/string";

/** The longest slug the API accepts (a clip's URL stays readable and fits any log line). */
export const SLUG_MAX_LENGTH = 120;

/** Cuts a slug to `max` characters at a hyphen (a word boundary) when there is one. */
function fitSlug(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const lastBreak = slug.slice(0, max + 1).lastIndexOf("-");
  return trimEnd(lastBreak > 0 ? slug.slice(0, lastBreak) : slug.slice(0, max), "-");
}

/**
 * docs/product.md §5: lowercase, every run of characters other than letters and digits becomes one
 * hyphen, hyphens trimmed from both ends. Accented and non-Latin letters are transliterated first
 * ("Ça va" is `ca-va`, not `a-va`), and a long title gives a slug that fits the limit, cut at a
 * word. Server and client both derive slugs here, so they always agree.
 */
export function slugify(title: string, maxLength = SLUG_MAX_LENGTH): string {
  const slug = trim(
    transliterate(title)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-"),
    "-",
  );
  return fitSlug(slug, maxLength);
}

/** What an item's slug is called when its title gives none (a title of only Chinese or Hebrew letters, or none). */
const SLUG_FALLBACK = { episodes: "episode", clips: "clip" } as const;

/**
 * The slug the server makes for an item whose slug field was left empty, before a clash adds -2,
 * -3...: its title's, leaving room for that number, or the kind's name when the title gives none.
 * The admin's preview shows the same.
 */
export function slugFromTitle(title: string, kind: keyof typeof SLUG_FALLBACK): string {
  return slugify(title, SLUG_MAX_LENGTH - 6) || SLUG_FALLBACK[kind];
}

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
