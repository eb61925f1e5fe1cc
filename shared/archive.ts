/** /archive lists this many episodes a page; the home page's strip shows the first few. */
export const ARCHIVE_PAGE_SIZE = 20;
export const HOME_EPISODE_COUNT = 12;

/** Marks around a matched word in a search result's title and snippet (control characters, never in text). */
export const MATCH_START = "\u0001";
export const MATCH_END = "\u0002";
