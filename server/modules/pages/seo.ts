import { Router } from "express";
import type { Episode } from "../../../shared/api";
import { variantPath } from "../../../shared/pictures";
import { href, ROUTE_NAMES, ROUTES } from "../../../shared/routes";
import { cutAtWord } from "../../../shared/strings";
import { bodyTheme } from "../../../shared/theme-style";
import { icoOf } from "../pictures";
import { etagOf } from "../../platform/http/public-cache";
import type { PageData } from "./page-data";

/** The longest short_name a launcher shows whole under an icon. */
const SHORT_NAME_MAX = 12;

/**
 * When an episode's page last changed for a search engine: the day the show published it. An
 * import, a sync or publishing it here does not change what the episode is, and a sitemap whose
 * every date is the day of the import tells a crawler nothing. Without a date, when it last changed here.
 */
const episodeDate = (e: Pick<Episode, "publishedAt" | "updatedAt">) => (e.publishedAt ?? e.updatedAt).slice(0, 10);

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * robots.txt, sitemap.xml, the web app manifest and /favicon.ico. robots.txt and the sitemap come
 * from the route table: the fixed public pages it marks for the sitemap, every published clip and
 * episode, and every person's page, each with its own date; admin screens and pages kept out of search engines are
 * disallowed. `favicon`: the site's 32 px icon as a PNG (modules/pictures/service.ts createFaviconSource).
 */
export function seoRouter({
  publicUrl,
  pageData,
  favicon,
}: {
  publicUrl: string;
  pageData: PageData;
  favicon: (artwork: string | null) => Promise<Buffer>;
}): Router {
  const router = Router();
  const disallowed = ROUTE_NAMES.filter((name) => "noindex" in ROUTES[name] && ROUTES[name].noindex).map((name) => ROUTES[name].path);

  router.get("/robots.txt", (_req, res) => {
    res
      .type("text/plain")
      .set("Cache-Control", "public, max-age=3600")
      .send(
        [
          "User-agent: *",
          "Allow: /",
          ...[...disallowed, "/api/"].map((p) => `Disallow: ${p}`),
          `Sitemap: ${publicUrl}/sitemap.xml`,
          "",
        ].join("\n"),
      );
  });

  router.get("/sitemap.xml", async (_req, res) => {
    const { clips, episodes, people } = await pageData.published();
    const pages = ROUTE_NAMES.filter((name) => "sitemap" in ROUTES[name] && ROUTES[name].sitemap).map((name) => ROUTES[name].path);
    const urls = [
      ...pages.map((p) => `  <url><loc>${xml(publicUrl + p)}</loc></url>`),
      ...clips.map((c) => `  <url><loc>${xml(publicUrl + href.clip(c.slug))}</loc><lastmod>${c.updatedAt.slice(0, 10)}</lastmod></url>`),
      ...episodes.map((e) => `  <url><loc>${xml(publicUrl + href.episode(e.slug))}</loc><lastmod>${episodeDate(e)}</lastmod></url>`),
      ...people.map((p) => `  <url><loc>${xml(publicUrl + href.person(p.slug))}</loc><lastmod>${p.updatedAt.slice(0, 10)}</lastmod></url>`),
    ];
    res
      .type("application/xml")
      .set("Cache-Control", "public, max-age=300")
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`,
      );
  });
  // The web app manifest: the show's name, its artwork's icons and its theme's colour.
  router.get("/manifest.webmanifest", async (_req, res) => {
    const site = await pageData.site();
    const { vars } = bodyTheme(site.theme);
    const artwork = site.identity.images.artwork;
    const icons = artwork
      ? [192, 512].map((size) => ({
          src: variantPath(artwork, "icon", size, "png"),
          sizes: `${size}x${size}`,
          type: "image/png",
          purpose: "any",
        }))
      : [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }];
    res
      .type("application/manifest+json")
      .set("Cache-Control", "public, max-age=300")
      .send(
        JSON.stringify({
          name: site.name,
          short_name: cutAtWord(site.name, SHORT_NAME_MAX),
          description: site.description,
          start_url: "/",
          scope: "/",
          display: "standalone",
          background_color: vars["--bg-start"] ?? "#000000",
          theme_color: vars["--bg-start"] ?? "#000000",
          icons,
        }),
      );
  });
  // Asked for by browsers, feed readers and bookmarks without reading the page's <link rel="icon">.
  router.get("/favicon.ico", async (req, res) => {
    const site = await pageData.site();
    const ico = icoOf(await favicon(site.identity.images.artwork));
    res.set({ "Cache-Control": "public, max-age=300", ETag: etagOf(ico) });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type("image/x-icon").send(ico);
  });
  return router;
}
