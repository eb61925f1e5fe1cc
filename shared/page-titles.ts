import { DEFAULT_PODCAST_TITLE } from "./site";

/**
 * Tab titles, one place for both sides: the server writes them into each page's <head>
 * (server/pages.ts) and the client sets the same after it renders, so a title never changes
 * after the first paint.
 */
export const PAGE_LABELS = {
  about: "About",
  listen: "Listen",
  editors: "Editor audition",
  notFound: "Page not found",
  admin: "Admin Dashboard",
  adminProviders: "Podcast Providers",
  adminEpisodes: "Episode Management",
  adminClips: "Clip Management",
  adminEditors: "Editors Page Management",
} as const;

/** The admin screens' labels by path (docs/product.md §2 route table). */
export const ADMIN_PAGE_LABELS: Record<string, string> = {
  "/admin": PAGE_LABELS.admin,
  "/providers": PAGE_LABELS.adminProviders,
  "/episodes": PAGE_LABELS.adminEpisodes,
  "/admin/clips": PAGE_LABELS.adminClips,
  "/admin/editors": PAGE_LABELS.adminEditors,
};

/** The site's name as visitors see it: the stored podcast_title, or the default. */
export function siteNameOf(podcastTitle: string | null | undefined): string {
  return podcastTitle || DEFAULT_PODCAST_TITLE;
}

/** "{label} · {site}", or the site's name alone for the home page. */
export function pageTitle(label: string | undefined, siteName: string): string {
  return label ? `${label} · ${siteName}` : siteName;
}
