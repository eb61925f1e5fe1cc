import { decodeSegment, href, matchRoute, ROUTES, type RouteName } from "../../../shared/routes";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "../../../shared/slug";
import { trimEnd } from "es-toolkit/string";

/**
 * What a visitor's page reports, made into the few values the analytics keep (docs/analytics.md
 * "Never junk"): only pages of the site, slugs as slugs, referrers as host names, texts folded
 * and cut. Anything else is dropped here, before it takes any memory.
 */

/** A page the analytics count: its path as the site writes it, and the episode or clip it shows. */
export interface PageRef {
  path: string;
  episode?: string;
  clip?: string;
}

/** The pages counted: the fixed public pages (the audition page is not one of the show's), an episode's, a clip's. */
const FIXED_PAGES = new Set<RouteName>(["home", "about", "listen", "archive"]);

const isSlug = (value: string) => value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value);

/** The page a reported path is, or null when it is not one the analytics count. */
export function pageOf(reported: string): PageRef | null {
  let path = reported;
  for (const mark of ["?", "#"]) {
    const at = path.indexOf(mark);
    if (at >= 0) path = path.slice(0, at);
  }
  if (!path.startsWith("/")) return null;
  const route = matchRoute(path.length > 1 ? trimEnd(path, "/") : path);
  if (!route) return null;
  if (FIXED_PAGES.has(route.name)) return { path: ROUTES[route.name].path };
  const slug = decodeSegment(route.params.slug ?? "");
  if (!isSlug(slug)) return null;
  if (route.name === "episode") return { path: href.episode(slug), episode: slug };
  if (route.name === "clip") return { path: href.clip(slug), clip: slug };
  return null;
}

/**
 * Control characters and the bidirectional marks, overrides and isolates (U+202E and kin): kept,
 * they would turn the owner's screen round or hide text (docs/analytics.md "Never junk").
 */
const BIDI = /\p{Bidi_Control}/gu;
const CONTROL = /\p{Cc}/gu;

/** Lower case, no control or bidirectional characters, one space between words, at most `max` characters (a code point is never cut in two). */
export function foldText(text: string, max: number): string {
  const folded = text.normalize("NFKC").replace(BIDI, "").replace(CONTROL, " ").toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  const chars = Array.from(folded);
  return chars.length <= max ? folded : chars.slice(0, max).join("").trimEnd();
}

/** The longest search text kept; a longer one is kept cut. */
const SEARCH_MAX_LENGTH = 100;
/** The longest campaign name (utm_source) kept. */
const UTM_MAX_LENGTH = 60;
/** A host name as DNS spells it, label by label (253 characters at most); anything else reported as a referrer is folded into "other". */
const HOST_LABEL = /^[a-z0-9-]{1,63}$/;
const HOST_MAX_LENGTH = 253;
const isHostName = (host: string) => host.length <= HOST_MAX_LENGTH && host.split(".").every((label) => HOST_LABEL.test(label));

/** A search as the analytics keep it: folded and cut; null when nothing is left. */
export function searchText(q: string): string | null {
  return foldText(q, SEARCH_MAX_LENGTH) || null;
}

/**
 * The campaign a visitor arrived by: the first page's `utm_source`, folded as the referrers keep
 * it; null when there is none, or for a page reached from the site itself.
 */
export function campaignOf(event: { referrer?: string; utm?: string }): string | null {
  if (event.referrer === undefined || event.utm === undefined) return null;
  return foldText(event.utm, UTM_MAX_LENGTH) || null;
}

/**
 * Where a visitor who arrived on the site came from: the campaign the address names
 * (`utm_source`), else the referring site's host (without `www.`), else "direct". Null for a
 * page reached from the site itself (no `referrer` at all), which says nothing of where the visit came from.
 */
export function sourceOf(event: { referrer?: string; utm?: string }, ownHost: string): string | null {
  if (event.referrer === undefined) return null;
  const utm = campaignOf(event);
  if (utm) return utm;
  if (event.referrer === "") return "direct";
  const host = event.referrer.trim().toLowerCase();
  if (host === ownHost) return null;
  if (!isHostName(host)) return "other";
  return host.startsWith("www.") ? host.slice(4) : host;
}
