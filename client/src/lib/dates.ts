/**
 * The locale the site writes dates in for a page's language: its English writes the day first
 * ("3 Jan 2024"), as the site always has; every other language as `Intl` writes it.
 */
function dateLocale(locale: string): string {
  return locale === "en" ? "en-GB" : locale;
}

/**
 * A stored time, in `locale` (a page's language) or, without one, as the admin's browser writes
 * dates (its own locale); always in the browser's zone. What cannot be read as a date is shown as it came.
 */
export function localDate(iso: string, withTime = false, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locales = locale === undefined ? undefined : dateLocale(locale);
  return withTime ? date.toLocaleString(locales) : date.toLocaleDateString(locales);
}

/**
 * An episode's publication day as visitors' pages show it ("3 Jan 2024" in English), read in UTC
 * so the server's render and the browser's hydration write the same day.
 */
export function publishedDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(dateLocale(locale), { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(
    new Date(iso),
  );
}
