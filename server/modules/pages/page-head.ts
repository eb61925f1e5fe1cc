import type { Clip, Episode, EpisodeArchivePage, PersonPage } from "../../../shared/api";
import { youTubeVideoId } from "../../../shared/embeds";
import { pageTitle } from "../../../shared/page-titles";
import { roleLabel } from "../../../shared/people-roles";
import { pictureSources, variantPath } from "../../../shared/pictures";
import { href, NOT_FOUND_LABEL, ROUTES, type RouteName } from "../../../shared/routes";
import { ellipsize } from "../../../shared/strings";
import type { ServerTranslate } from "../languages";
import type { ServerKey } from "../../../shared/locales/parts";
import type { PageHead } from "./page-shell";
import type { ShareImageInput } from "../share-images";
import { clipShareInput, episodeShareInput, SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, siteShareInput } from "../share-images";
import type { Site } from "./page-data";

/** The site's share image: the show's artwork when it has one (a square card), else the drawn one. */
function siteImage(site: Site, publicUrl: string, shareKey: HeadContext["shareKey"]): NonNullable<PageHead["image"]> {
  const artwork = site.identity.images.artwork;
  if (artwork)
    return {
      url: `${publicUrl}${variantPath(artwork, "artwork", 1024, "jpeg")}`,
      width: 1024,
      height: 1024,
      alt: site.name,
      card: "summary",
    };
  return {
    url: `${publicUrl}/share.png?v=${shareKey(siteShareInput(site))}`,
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    alt: site.name,
  };
}

/**
 * The header banner's images, preloaded with high priority on pages that open with it: the
 * owner's (their srcset, in AVIF, which every browser that reads imagesrcset decodes), or the
 * shipped ones.
 */
function bannerPreloads(site: Site): NonNullable<PageHead["preloadImages"]> {
  const { bannerDesktop, bannerMobile } = site.identity.images;
  return [
    bannerPreload(bannerDesktop, "banner-desktop", 1600, "(min-width: 1024px)"),
    bannerPreload(bannerMobile, "banner-mobile", 800, "(max-width: 1023.98px)"),
  ];
}

/** One banner's preload: the owner's picture (its largest AVIF as the fallback address) or the shipped SVG. */
function bannerPreload(
  objectPath: string | null,
  kind: "banner-desktop" | "banner-mobile",
  width: number,
  media: string,
): NonNullable<PageHead["preloadImages"]>[number] {
  if (!objectPath) return { href: `/${kind}.svg`, media, type: "image/svg+xml" };
  const { srcSet } = pictureSources(objectPath, kind)[0]!;
  return { href: variantPath(objectPath, kind, width, "avif"), srcSet, sizes: "100vw", type: "image/avif", media };
}

export interface HeadContext {
  site: Site;
  publicUrl: string;
  /** A share image's content key (its ETag), so its address changes when the image would. */
  shareKey: (input: ShareImageInput) => string;
  /** The site's words, in its language. */
  t: ServerTranslate;
  /** The site's language (BCP 47), for `Intl` and JSON-LD's inLanguage. */
  locale: string;
}

/** What a page is about: a route of the table (a clip's or an episode's page with it), or no route (404, at its path). */
export type PageSubject =
  | { route: Exclude<RouteName, "clip" | "episode" | "archive" | "person"> }
  | { route: "clip"; clip: Clip }
  | { route: "episode"; episode: Episode }
  | { route: "archive"; archive: EpisodeArchivePage }
  | { route: "person"; person: PersonPage }
  | { route: null; path: string };

/** Seconds as an ISO 8601 duration (PT1H2M3S), as schema.org's timeRequired reads it. */
function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

/** A description for a search result: the first sentence or so of a longer text. */
const summaryOf = (text: string, fallback: string) => ellipsize(text.replace(/\s+/g, " ").trim() || fallback, 200);

/**
 * The episode's artwork as the site keeps it (/objects/..., its own or else the show's), never the
 * feed's address: a copy here is what visitors are shown and what this site vouches for.
 */
function episodeImage(episode: Episode, site: Site, publicUrl: string): string | null {
  const kept = episode.imagePath ?? site.identity.images.artwork;
  return kept ? `${publicUrl}${variantPath(kept, "artwork", 1024, "jpeg")}` : null;
}

function episodeHead(episode: Episode, context: HeadContext): PageHead {
  const { site, publicUrl, shareKey } = context;
  const path = href.episode(episode.slug);
  const url = publicUrl + path;
  // The owner's own words for search engines when they wrote some (at most 160 characters), else the summary.
  const description = episode.metaDescription?.trim() || summaryOf(episode.description, site.description);
  const image = episodeImage(episode, site, publicUrl);
  return {
    title: pageTitle(episode.title, site.name),
    description,
    path,
    ogType: "article",
    image: {
      url: `${url}/share.png?v=${shareKey(episodeShareInput(episode, site))}`,
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      alt: episode.title,
    },
    audio: episode.audioUrl ? { url: episode.audioUrl, type: episode.audioType } : undefined,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "PodcastEpisode",
      name: episode.title,
      description,
      inLanguage: context.locale,
      url,
      ...(episode.publishedAt ? { datePublished: episode.publishedAt } : {}),
      ...(episode.durationSeconds ? { timeRequired: isoDuration(episode.durationSeconds) } : {}),
      ...(episode.episodeNumber !== null ? { episodeNumber: episode.episodeNumber } : {}),
      ...(image ? { image } : {}),
      ...(episode.audioUrl
        ? {
            associatedMedia: {
              "@type": "MediaObject",
              contentUrl: episode.audioUrl,
              ...(episode.audioType ? { encodingFormat: episode.audioType } : {}),
            },
          }
        : {}),
      partOfSeries: { "@type": "PodcastSeries", name: site.name, url: `${publicUrl}/` },
    },
  };
}

/** A list's label in the tab: a search, a season, a page of them. */
function archiveLabel({ query, season, page }: Pick<EpisodeArchivePage, "query" | "season" | "page">, t: ServerTranslate): string {
  if (query) return t("archive.tabSearch", { query });
  const list = season !== null ? t("episode.season", { season }) : t(ROUTES.archive.label);
  return page > 1 ? t("archive.tabListPage", { list, page }) : list;
}

function archiveHead(archive: EpisodeArchivePage, { site, publicUrl, shareKey, t }: HeadContext): PageHead {
  const label = archiveLabel(archive, t);
  const at = (page: number) => href.archive({ page, q: archive.query, season: archive.season });
  const links: NonNullable<PageHead["links"]> = [];
  if (archive.page > 1) links.push({ rel: "prev", path: at(archive.page - 1) });
  if (archive.page < archive.pageCount) links.push({ rel: "next", path: at(archive.page + 1) });
  return {
    title: pageTitle(label, site.name),
    description:
      `${archive.season !== null ? t("head.seasonDescription", { season: archive.season, show: site.name }) : t("head.archiveDescription", { show: site.name })} ${site.description}`.slice(
        0,
        300,
      ),
    path: at(archive.page),
    // A search's results are not a page of their own for search engines; the pages of the list are.
    noindex: archive.query !== "" || undefined,
    ogType: "website",
    image: siteImage(site, publicUrl, shareKey),
    links,
  };
}

/** A person's page: who they are on the show (JSON-LD Person), their picture as the site keeps it. */
function personHead({ person, episodes }: PersonPage, { site, publicUrl, shareKey, t, locale }: HeadContext): PageHead {
  const path = href.person(person.slug);
  const roles = new Intl.ListFormat(locale, { type: "unit" }).format(person.roles.map((role) => roleLabel(role, t)));
  const description = ellipsize(
    roles
      ? t("head.personWithRoles", { name: person.name, roles, show: site.name, count: episodes.length })
      : t("head.person", { name: person.name, show: site.name, count: episodes.length }),
    200,
  );
  const image = person.imagePath ? `${publicUrl}${variantPath(person.imagePath, "photo", 480, "jpeg")}` : null;
  return {
    title: pageTitle(person.name, site.name),
    description,
    path,
    ogType: "website",
    image: image ? { url: image, width: 480, height: 480, alt: person.name, card: "summary" } : siteImage(site, publicUrl, shareKey),
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Person",
      name: person.name,
      url: publicUrl + path,
      ...(image ? { image } : {}),
      ...(person.href ? { sameAs: [person.href] } : {}),
      ...(roles ? { jobTitle: roles } : {}),
    },
  };
}

/**
 * The <head> of a page (docs/product.md "Pages served by the server"), from the route table's
 * head builder for it: title, description, canonical path, Open Graph and Twitter image, JSON-LD.
 * Pure: the same subject and context give the same head.
 */
export function buildPageHead(subject: PageSubject, context: HeadContext): PageHead {
  const { site, publicUrl, shareKey, t, locale } = context;
  if (subject.route === null) {
    return {
      title: pageTitle(t(NOT_FOUND_LABEL), site.name),
      description: site.description,
      path: subject.path,
      noindex: true,
      ogType: "website",
    };
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
        inLanguage: locale,
        uploadDate: clip.createdAt,
        duration: "PT5M",
        url,
        // The video's thumbnail as the site keeps it; the video host's own until it is fetched.
        thumbnailUrl: clip.posterPath
          ? [`${publicUrl}${variantPath(clip.posterPath, "poster", 520, "jpeg")}`]
          : videoId
            ? [`https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`]
            : [`${url}/share.png`],
        ...(videoId ? { embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}` } : {}),
      },
    };
  }
  if (subject.route === "episode") return episodeHead(subject.episode, context);
  if (subject.route === "archive") return archiveHead(subject.archive, context);
  if (subject.route === "person") return personHead(subject.person, context);
  const route: { path: string; head: string; label?: ServerKey; noindex?: boolean; banner?: boolean } = ROUTES[subject.route];
  const label = route.label && t(route.label);
  if (route.head === "admin") {
    return { title: pageTitle(label, site.name), description: site.description, path: route.path, noindex: true, ogType: "website" };
  }
  return {
    title: pageTitle(label, site.name),
    description: site.description,
    path: route.path,
    noindex: route.noindex,
    ogType: "website",
    image: siteImage(site, publicUrl, shareKey),
    preloadImages: route.banner ? bannerPreloads(site) : undefined,
    jsonLd:
      subject.route === "home"
        ? {
            "@context": "https://schema.org",
            "@type": "PodcastSeries",
            name: site.name,
            description: site.description,
            inLanguage: locale,
            url: `${publicUrl}/`,
            ...(site.values.rss_url ? { webFeed: site.values.rss_url } : {}),
          }
        : undefined,
  };
}
