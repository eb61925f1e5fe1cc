/**
 * The site's pages, one table for both sides (ARCHITECTURE.md "Routes"): the client's router and
 * admin layout, the server's page router and head builder, robots.txt and the sitemap all read
 * it, so a page is added in one place. `head` names the server's head builder
 * (server/modules/pages/page-head.ts); `label` is the page's name in its tab title.
 */
import type { SiteKey } from "./locales/parts";

interface RouteDef {
  path: string;
  area: "public" | "admin";
  head: "site" | "clip" | "episode" | "archive" | "person" | "admin";
  /** The page's name in its tab title, by its key in the site's catalogue. */
  label?: SiteKey;
  /** Kept out of search engines (robots.txt and a noindex tag). */
  noindex?: boolean;
  /** The header banner is on the first screen: the server preloads its images. */
  banner?: boolean;
  /** A fixed page listed in /sitemap.xml (the clips are listed one by one). */
  sitemap?: boolean;
}

export const ROUTES = {
  home: { path: "/", area: "public", head: "site", banner: true, sitemap: true },
  about: { path: "/about", area: "public", head: "site", label: "route.about", sitemap: true },
  listen: { path: "/listen", area: "public", head: "site", label: "route.listen", sitemap: true },
  editors: { path: "/editors", area: "public", head: "site", label: "route.editors", noindex: true, banner: true },
  clip: { path: "/clips/:slug", area: "public", head: "clip" },
  episode: { path: "/episode/:slug", area: "public", head: "episode" },
  archive: { path: "/archive", area: "public", head: "archive", label: "route.archive", sitemap: true },
  person: { path: "/people/:slug", area: "public", head: "person" },
  message: { path: "/message", area: "public", head: "site", label: "route.message", noindex: true },
  welcome: { path: "/welcome/:token", area: "public", head: "site", label: "route.welcome", noindex: true },
  admin: { path: "/admin", area: "admin", head: "admin", label: "route.admin", noindex: true },
  adminProviders: { path: "/providers", area: "admin", head: "admin", label: "route.adminProviders", noindex: true },
  adminEpisodes: { path: "/episodes", area: "admin", head: "admin", label: "route.adminEpisodes", noindex: true },
  adminClips: { path: "/admin/clips", area: "admin", head: "admin", label: "route.adminClips", noindex: true },
  adminEditors: { path: "/admin/editors", area: "admin", head: "admin", label: "route.adminEditors", noindex: true },
  adminIdentity: { path: "/admin/about", area: "admin", head: "admin", label: "route.adminIdentity", noindex: true },
  adminAuditions: { path: "/admin/auditions", area: "admin", head: "admin", label: "route.adminAuditions", noindex: true },
  adminAnalytics: { path: "/admin/analytics", area: "admin", head: "admin", label: "route.adminAnalytics", noindex: true },
  adminMessages: { path: "/admin/messages", area: "admin", head: "admin", label: "route.adminMessages", noindex: true },
  adminPeople: { path: "/admin/people-with-access", area: "admin", head: "admin", label: "route.adminPeople", noindex: true },
} as const satisfies Record<string, RouteDef>;

/**
 * Other spellings of admin screens, each leading to the screen's one address: the episodes and
 * providers screens are at the spec's `/episodes` and `/providers`, and the admin's other screens
 * are under `/admin/...`, so their `/admin/...` spellings lead there too (a redirect on the server,
 * the same in the client's router).
 */
export const ROUTE_ALIASES = {
  "/admin/episodes": "adminEpisodes",
  "/admin/providers": "adminProviders",
} as const satisfies Record<string, keyof typeof ROUTES>;

/** The address a path (without its trailing slash) leads to when it is another spelling of a screen; null otherwise. */
export function aliasOf(pathname: string): string | null {
  return Object.hasOwn(ROUTE_ALIASES, pathname) ? ROUTES[ROUTE_ALIASES[pathname as keyof typeof ROUTE_ALIASES]].path : null;
}

export type RouteName = keyof typeof ROUTES;
export type AdminRouteName = { [K in RouteName]: (typeof ROUTES)[K]["area"] extends "admin" ? K : never }[RouteName];
export type PublicRouteName = Exclude<RouteName, AdminRouteName>;

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];
export const isAdminRoute = (name: RouteName): name is AdminRouteName => ROUTES[name].area === "admin";

/** The tab title's label of the 404 page, which has no route. */
export const NOT_FOUND_LABEL = "route.notFound" satisfies SiteKey;

/** Links to pages with parameters; fixed pages are `ROUTES.name.path`. */
export const href = {
  clip: (slug: string) => `/clips/${encodeURIComponent(slug)}`,
  /** An episode's page; `at`: the second to play from (?t=, whole seconds), as a search's transcript match links it. */
  episode: (slug: string, at?: number | null) =>
    `/episode/${encodeURIComponent(slug)}${at != null && at > 0 ? `?t=${Math.floor(at)}` : ""}`,
  /** The page for sending the show a message; `episode`: the slug of the episode it is about. */
  message: (episode?: string | null) => (episode ? `/message?episode=${encodeURIComponent(episode)}` : "/message"),
  /** A person's page: the episodes they are in. */
  person: (slug: string) => `/people/${encodeURIComponent(slug)}`,
  /** A page of the archive, a search's, or a season's: page 1, an empty search and no season are left out of the address. */
  archive: ({ page = 1, q = "", season = null }: { page?: number; q?: string; season?: number | null } = {}) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (season !== null) params.set("season", String(season));
    if (page > 1) params.set("page", String(page));
    const query = params.toString();
    return query ? `/archive?${query}` : "/archive";
  },
};

export interface RouteMatch {
  name: RouteName;
  /** Raw (still percent-encoded) path segments, by parameter name. */
  params: Record<string, string>;
}

/**
 * The route a path (without its trailing slash) belongs to, segment by segment: a parameter
 * takes one whole non-empty segment, as in the client's router. No pattern runs over the path.
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const segments = pathname.split("/");
  for (const name of ROUTE_NAMES) {
    const parts = ROUTES[name].path.split("/");
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = parts.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith(":")) return part === segment;
      params[part.slice(1)] = segment;
      return segment !== "";
    });
    if (matches) return { name, params };
  }
  return null;
}

/** A path segment as written, decoded; one with malformed escapes stays as it is (it matches no slug: a 404). */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
