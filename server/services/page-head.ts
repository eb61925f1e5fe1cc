import type { Clip } from "../../shared/api";
import { youTubeVideoId } from "../../shared/embeds";
import { pageTitle } from "../../shared/page-titles";
import { href, NOT_FOUND_LABEL, ROUTES, type RouteName } from "../../shared/routes";
import type { PageHead } from "./page-shell";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, type ShareImageInput } from "./share-image";
import type { Site } from "./site-data";

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** A clip's share image: its key quote (or title) in the site's theme. */
export const clipShareInput = (clip: Clip, site: Site): ShareImageInput => ({
  headline: truncate(clip.keyQuote || clip.title, 200),
  isQuote: !!clip.keyQuote,
  footer: truncate(`${site.name} · ${clip.title}`, 70),
  theme: site.theme,
});

/** The site's own share image: its name and description. */
export const siteShareInput = (site: Site): ShareImageInput => ({
  headline: site.name,
  isQuote: false,
  footer: truncate(site.description, 80),
  theme: site.theme,
});

/** The header banner's two images, preloaded on pages that open with it. */
const BANNERS = [
  { href: "/banner-desktop.svg", media: "(min-width: 1024px)", type: "image/svg+xml" },
  { href: "/banner-mobile.svg", media: "(max-width: 1023.98px)", type: "image/svg+xml" },
];

export interface HeadContext {
  site: Site;
  publicUrl: string;
  /** A share image's content key (its ETag), so its address changes when the image would. */
  shareKey: (input: ShareImageInput) => string;
}

/** What a page is about: a route of the table (a clip page with its clip), or no route (404, at its path). */
export type PageSubject = { route: Exclude<RouteName, "clip"> } | { route: "clip"; clip: Clip } | { route: null; path: string };

/**
 * The <head> of a page (docs/product.md "Pages served by the server"), from the route table's
 * head builder for it: title, description, canonical path, Open Graph and Twitter image, JSON-LD.
 * Pure: the same subject and context give the same head.
 */
export function buildPageHead(subject: PageSubject, { site, publicUrl, shareKey }: HeadContext): PageHead {
  if (subject.route === null) {
    return { title: pageTitle(NOT_FOUND_LABEL, site.name), description: site.description, path: subject.path, noindex: true, ogType: "website" };
  }
  if (subject.route === "clip") {
    const { clip } = subject;
    const path = href.clip(clip.slug);
    const url = publicUrl + path;
    const videoId = youTubeVideoId(clip.youtubeEmbedUrl);
    const description = clip.metaDescription || clip.description || clip.keyQuote || site.description;
    return {
      title: pageTitle(clip.title, site.name),
      description,
      path,
      ogType: "video.other",
      image: {
        url: `${url}/share.png?v=${shareKey(clipShareInput(clip, site))}`,
        width: SHARE_IMAGE_WIDTH,
        height: SHARE_IMAGE_HEIGHT,
        alt: clip.keyQuote ? `“${clip.keyQuote}”` : clip.title,
      },
      jsonLd: {
        "@context": "https://schema.org",
        "@type": "VideoObject",
        name: clip.title,
        description,
        uploadDate: clip.createdAt,
        duration: "PT5M",
        url,
        thumbnailUrl: videoId ? [`https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`] : [`${url}/share.png`],
        ...(videoId ? { embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}` } : {}),
      },
    };
  }
  const route: { path: string; head: string; label?: string; noindex?: boolean; banner?: boolean } = ROUTES[subject.route];
  if (route.head === "admin") {
    return { title: pageTitle(route.label, site.name), description: site.description, path: route.path, noindex: true, ogType: "website" };
  }
  return {
    title: pageTitle(route.label, site.name),
    description: site.description,
    path: route.path,
    noindex: route.noindex,
    ogType: "website",
    image: { url: `${publicUrl}/share.png?v=${shareKey(siteShareInput(site))}`, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: site.name },
    preloadImages: route.banner ? BANNERS : undefined,
    jsonLd:
      subject.route === "home"
        ? {
            "@context": "https://schema.org",
            "@type": "PodcastSeries",
            name: site.name,
            description: site.description,
            url: `${publicUrl}/`,
            ...(site.values.rss_url ? { webFeed: site.values.rss_url } : {}),
          }
        : undefined,
  };
}
