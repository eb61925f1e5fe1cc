import type { Response } from "express";

/**
 * Who may keep an answer, and for how long (docs/decisions/011-fast-path-and-change-bus.md).
 *
 * What every visitor gets alike (pages, lists, the About data) may be kept by a shared cache, a
 * CDN: 10 s fresh, then served once more while it fetches anew, for at most 60 s. So a write
 * shows behind a CDN within 10 s for the next visitor, and within 70 s at worst, without a purge.
 * Browsers keep nothing unchecked (max-age=0): they ask again with the ETag and get a 304. The
 * answer differs when a session cookie comes with the request, so it varies on Cookie as well
 * as on Accept-Encoding; the site sets no cookie for visitors, so they all share one copy.
 */
/**
 * How long a page or list may be served as it last was while the site cannot answer (the
 * database down): a day, by this app (modules/pages/routes.ts) and, through stale-if-error, by a CDN or
 * the shipped nginx configuration.
 */
export const STALE_IF_ERROR_MS = 24 * 60 * 60 * 1000;

const FOR_EVERY_VISITOR = {
  "Cache-Control": `public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=${STALE_IF_ERROR_MS / 1000}`,
  Vary: "Accept-Encoding, Cookie",
};

/** A page for a session (the admin's, or any admin-area page): this browser's, checked each time. */
export const FOR_ONE_SESSION = "private, no-cache";

/** The admin's data (drafts, settings): never stored anywhere. */
export const ADMIN_DATA = "private, no-store";

export function cacheForEveryVisitor(res: Response): Response {
  return res.set(FOR_EVERY_VISITOR);
}

/** A read that is the admin's data for the admin and every visitor's otherwise. */
export function cacheFor(res: Response, isAdmin: boolean): Response {
  return isAdmin ? res.set("Cache-Control", ADMIN_DATA) : cacheForEveryVisitor(res);
}
