import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Router, type Request, type Response } from "express";
import type { Clip } from "../shared/api";
import { youTubeVideoId } from "../shared/embeds";
import { ADMIN_PAGE_LABELS, PAGE_LABELS, pageTitle, siteNameOf } from "../shared/page-titles";
import { DEFAULT_PODCAST_DESCRIPTION } from "../shared/site";
import { trimEndChar } from "../shared/strings";
import { parseStoredTheme } from "../shared/theme";
import { AppError } from "./lib/errors";
import type { Logger } from "./lib/logger";
import type { ContentService } from "./services/content";
import { type PageHead, parseShell, renderPage } from "./services/page-shell";
import { type CachedBody, sendCached } from "./lib/send-cached";
import { etagOf, type PublicCache } from "./services/public-cache";
import type { SettingsService } from "./services/settings";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, type ShareImageInput } from "./services/share-image";
import type { ShareImages } from "./services/share-images";
import { staticFiles } from "./static-files";

/** The SPA's routes (SPEC.md §2); anything else is the 404 page with HTTP 404. */
const PUBLIC_ROUTES: Record<string, { title?: string; noindex?: boolean; banner?: boolean }> = {
  "/": { banner: true },
  "/about": { title: PAGE_LABELS.about },
  "/listen": { title: PAGE_LABELS.listen },
  "/editors": { title: PAGE_LABELS.editors, noindex: true, banner: true },
};
const ADMIN_ROUTES = new Set(["/admin", "/providers", "/episodes", "/admin/clips", "/admin/editors"]);
const CLIP_ROUTE = /^\/clips\/([^/]+)\/?$/;
const CLIP_SHARE_ROUTE = /^\/clips\/([^/]+)\/share\.png$/;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes match no slug: the page is a 404
  }
}

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

type FirstPaint = (url: string, data: unknown) => string;

export interface PagesDeps {
  clientDir: string;
  /** The server build of the client (client/src/entry-server.tsx); pages skip the first paint without it. */
  ssrEntry?: string;
  logger?: Logger;
  sessionCookieName: string;
  publicUrl: string;
  content: ContentService;
  settings: SettingsService;
  cache: PublicCache;
  shareImages: ShareImages;
}

/**
 * Every page of the SPA, served with its <head> filled for that route (title, description,
 * canonical, Open Graph, Twitter card, JSON-LD), the stored theme already on <body>, and the data
 * the first screen needs (DESIGN.md "Pages served by the server"). Plus robots.txt, sitemap.xml
 * and the share images.
 */
export function pagesRouter({ clientDir, ssrEntry, logger, sessionCookieName, publicUrl, content, settings, cache, shareImages }: PagesDeps): Router {
  const router = Router();
  const entry = ssrEntry ?? path.join(path.dirname(clientDir), "ssr", "entry-server.js");
  let firstPaint: Promise<FirstPaint | null> | undefined;
  /**
   * The page's markup, rendered from the same components and data, so the browser paints the
   * first screen before the bundle runs. Without the server build, or if it fails, the page is
   * still whole: the client renders it.
   */
  const paint = async (pathname: string, data: unknown): Promise<string | undefined> => {
    firstPaint ??= fs.existsSync(entry)
      ? // eslint-disable-next-line no-unsanitized/method -- our own build output, by a fixed path
        import(pathToFileURL(entry).href).then((m: { render: FirstPaint }) => m.render)
      : Promise.resolve(null);
    const render = await firstPaint.catch(() => null);
    if (!render) return undefined;
    try {
      return render(pathname, data);
    } catch (err) {
      logger?.warn({ err: (err as Error).message, pathname }, "first paint failed; the browser renders the page");
      return undefined;
    }
  };

  const site = () =>
    cache.get("site", async () => {
      const [values, providers] = await Promise.all([settings.readPublic(), content.listProviders()]);
      const theme = parseStoredTheme(values.site_theme);
      return {
        values,
        providers,
        theme,
        name: siteNameOf(values.podcast_title),
        description: values.podcast_description || DEFAULT_PODCAST_DESCRIPTION,
      };
    });
  const published = () =>
    cache.get("published", async () => {
      const [episodes, clips] = await Promise.all([
        content.listEpisodes({ includeDrafts: false }),
        content.listClips({ includeDrafts: false }),
      ]);
      return { episodes, clips };
    });
  const findClip = async (slug: string): Promise<Clip | null> => {
    try {
      return await cache.get(`clip:${slug}`, () => content.getClipBySlug(slug, { includeDrafts: false }));
    } catch (err) {
      if (err instanceof AppError && err.code === "NOT_FOUND") return null;
      throw err;
    }
  };
  const clipShareInput = (clip: Clip, s: Awaited<ReturnType<typeof site>>): ShareImageInput => ({
    headline: truncate(clip.keyQuote || clip.title, 200),
    isQuote: !!clip.keyQuote,
    footer: truncate(`${s.name} · ${clip.title}`, 70),
    theme: s.theme,
  });
  const siteShareInput = (s: Awaited<ReturnType<typeof site>>): ShareImageInput => ({
    headline: s.name,
    isQuote: false,
    footer: truncate(s.description, 80),
    theme: s.theme,
  });

  router.get("/robots.txt", (_req, res) => {
    res.type("text/plain").set("Cache-Control", "public, max-age=3600").send(
      [
        "User-agent: *",
        "Allow: /",
        ...["/admin", "/providers", "/episodes", "/editors", "/api/"].map((p) => `Disallow: ${p}`),
        `Sitemap: ${publicUrl}/sitemap.xml`,
        "",
      ].join("\n"),
    );
  });

  router.get("/sitemap.xml", async (_req, res) => {
    const { clips } = await published();
    const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
    const urls = [
      ...["/", "/about", "/listen"].map((p) => `  <url><loc>${xml(publicUrl + p)}</loc></url>`),
      ...clips.map(
        (c) =>
          `  <url><loc>${xml(`${publicUrl}/clips/${encodeURIComponent(c.slug)}`)}</loc><lastmod>${c.updatedAt.slice(0, 10)}</lastmod></url>`,
      ),
    ];
    res
      .type("application/xml")
      .set("Cache-Control", "public, max-age=300")
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`);
  });

  /** The ETag is the image's content key, so a revalidation is answered before anything is drawn. */
  const sendPng = async (req: Request, res: Response, input: ShareImageInput) => {
    res.set({ "Content-Type": "image/png", "Cache-Control": "public, max-age=3600", ETag: `"${shareImages.keyOf(input)}"` });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(await shareImages.png(input));
  };

  router.get("/share.png", async (req, res) => sendPng(req, res, siteShareInput(await site())));
  router.get(CLIP_SHARE_ROUTE, async (req, res) => {
    const slug = safeDecode(CLIP_SHARE_ROUTE.exec(req.path)![1]!);
    const [clip, s] = await Promise.all([findClip(slug), site()]);
    if (!clip) throw new AppError("NOT_FOUND", "Clip not found");
    await sendPng(req, res, clipShareInput(clip, s));
  });

  router.use(staticFiles(clientDir));

  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) return router;
  const shell = parseShell(fs.readFileSync(indexFile, "utf8"));

  /** One page as HTML: known routes are cached (dropped on every write), 404s are not. */
  const renderRoute = async (pathname: string, withLists: boolean): Promise<{ status: number; html: string }> => {
    const s = await site();
    // hasSession: whether a session cookie came with the request, so the client asks who is
    // logged in only when someone may be (a visitor's console shows no 401).
    const base = { values: s.values, providers: s.providers, theme: s.theme, hasSession: !withLists };
    let status = 200;
    let head: PageHead;
    let data: Record<string, unknown> = base;
    const banners = [
      { href: "/banner-desktop.svg", media: "(min-width: 1024px)", type: "image/svg+xml" },
      { href: "/banner-mobile.svg", media: "(max-width: 1023.98px)", type: "image/svg+xml" },
    ];
    const clipMatch = CLIP_ROUTE.exec(pathname);
    const clip = clipMatch ? await findClip(safeDecode(clipMatch[1]!)) : null;
    const route = PUBLIC_ROUTES[pathname];
    if (clip) {
      const videoId = youTubeVideoId(clip.youtubeEmbedUrl);
      const description = clip.metaDescription || clip.description || clip.keyQuote || s.description;
      const key = shareImages.keyOf(clipShareInput(clip, s));
      const clipPath = `/clips/${encodeURIComponent(clip.slug)}`;
      head = {
        title: pageTitle(clip.title, s.name),
        description,
        path: clipPath,
        ogType: "video.other",
        image: {
          url: `${publicUrl}${clipPath}/share.png?v=${key}`,
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
          url: publicUrl + clipPath,
          thumbnailUrl: videoId ? [`https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`] : [`${publicUrl}${clipPath}/share.png`],
          ...(videoId ? { embedUrl: `https://www.youtube-nocookie.com/embed/${videoId}` } : {}),
        },
      };
      data = { ...base, clip };
    } else if (route) {
      const key = shareImages.keyOf(siteShareInput(s));
      head = {
        title: pageTitle(route.title, s.name),
        description: s.description,
        path: pathname,
        noindex: route.noindex,
        ogType: "website",
        image: { url: `${publicUrl}/share.png?v=${key}`, width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, alt: s.name },
        preloadImages: route.banner ? banners : undefined,
        jsonLd:
          pathname === "/"
            ? {
                "@context": "https://schema.org",
                "@type": "PodcastSeries",
                name: s.name,
                description: s.description,
                url: `${publicUrl}/`,
                ...(s.values.rss_url ? { webFeed: s.values.rss_url } : {}),
              }
            : undefined,
      };
      if (pathname === "/" && withLists) data = { ...base, ...(await published()) };
    } else if (ADMIN_ROUTES.has(pathname)) {
      head = { title: pageTitle(ADMIN_PAGE_LABELS[pathname], s.name), description: s.description, path: pathname, noindex: true, ogType: "website" };
    } else {
      status = 404;
      head = { title: pageTitle(PAGE_LABELS.notFound, s.name), description: s.description, path: pathname, noindex: true, ogType: "website" };
      // The client shows 'Clip Not Found' from this, without asking the API again.
      if (clipMatch) data = { ...base, missingClipSlug: safeDecode(clipMatch[1]!) };
    }

    const appHtml = ADMIN_ROUTES.has(pathname) ? undefined : await paint(pathname, data);
    return { status, html: renderPage(shell, { head, publicUrl, siteName: s.name, theme: s.theme, initialData: data, appHtml }) };
  };

  // A plain middleware, not a route with a parameter: a path with malformed escapes is a 404 page
  // like any unknown path, not a parameter-decoding error.
  router.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = req.path.length > 1 ? trimEndChar(req.path, "/") : req.path;
    // Only pages that exist are cached, under their canonical path, so made-up paths and other
    // spellings of a slug (percent-escapes) cannot fill the cache: those are sent to the canonical one.
    const clipSlug = CLIP_ROUTE.exec(pathname)?.[1];
    let known = pathname in PUBLIC_ROUTES || ADMIN_ROUTES.has(pathname);
    if (clipSlug !== undefined) {
      const clip = await findClip(safeDecode(clipSlug));
      if (clip) {
        const canonical = `/clips/${encodeURIComponent(clip.slug)}`;
        if (pathname !== canonical) {
          res.redirect(301, canonical);
          return;
        }
        known = true;
      }
    }
    // Someone with a session may be the admin, whose lists include drafts: their page carries no
    // lists, so the client asks the API for them.
    const withLists = !(req.headers.cookie ?? "").includes(`${sessionCookieName}=`);
    const render = async () => {
      const { status, html } = await renderRoute(pathname, withLists);
      return { status, entry: { body: html, etag: etagOf(html) } as CachedBody };
    };
    const page = known ? await cache.get(`page:${withLists ? "" : "session:"}${pathname}`, render) : await render();
    res.status(page.status).set("Cache-Control", "no-cache");
    if (page.status !== 200) {
      res.type("html").send(page.entry.body);
      return;
    }
    sendCached(req, res, page.entry, "html");
  });
  return router;
}
