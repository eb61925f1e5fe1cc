import { DEFAULT_PODCAST_TITLE } from "./site";

// Tab titles, one place for both sides: the server writes them into each page's <head>
// (server/modules/pages/page-head.ts) and the client sets the same after it renders, so a title
// never changes after the first paint. The labels are in the route table (shared/routes.ts).

/** The site's name as visitors see it: the stored podcast_title, or the default. */
export function siteNameOf(podcastTitle: string | null | undefined): string {
  return podcastTitle || DEFAULT_PODCAST_TITLE;
}

/** "{label} · {site}", or the site's name alone for the home page. */
export function pageTitle(label: string | undefined, siteName: string): string {
  return label ? `${label} · ${siteName}` : siteName;
}
