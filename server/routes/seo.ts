import { Router } from "express";
import { variantPath } from "../../shared/pictures";
import { href, ROUTE_NAMES, ROUTES } from "../../shared/routes";
import { bodyTheme } from "../../shared/theme-style";
import type { SiteData } from "../services/site-data";

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * robots.txt, sitemap.xml and the web app manifest. robots.txt and the sitemap come from the route
 * table: the fixed public pages it marks for the sitemap and every published clip and episode;
 * admin screens and pages kept out of search engines are disallowed.
 */
export function seoRouter({ publicUrl, siteData }: { publicUrl: string; siteData: SiteData }): Router {
  const router = Router();
  const disallowed = ROUTE_NAMES.filter((name) => "noindex" in ROUTES[name] && ROUTES[name].noindex).map((name) => ROUTES[name].path);

  router.get("/robots.txt", (_req, res) => {
    res
      .type("text/plain")
      .set("Cache-Control", "public, max-age=3600")
      .send(["User-agent: *", "Allow: /", ...[...disallowed, "/api/"].map((p) => `Disallow: ${p}`), `Sitemap: ${publicUrl}/sitemap.xml`, ""].join("\n"));
  });

  router.get("/sitemap.xml", async (_req, res) => {
    const { clips, episodes } = await siteData.published();
    const pages = ROUTE_NAMES.filter((name) => "sitemap" in ROUTES[name] && ROUTES[name].sitemap).map((name) => ROUTES[name].path);
    const urls = [
      ...pages.map((p) => `  <url><loc>${xml(publicUrl + p)}</loc></url>`),
      ...clips.map((c) => `  <url><loc>${xml(publicUrl + href.clip(c.slug))}</loc><lastmod>${c.updatedAt.slice(0, 10)}</lastmod></url>`),
      ...episodes.map((e) => `  <url><loc>${xml(publicUrl + href.episode(e.slug))}</loc><lastmod>${e.updatedAt.slice(0, 10)}</lastmod></url>`),
    ];
    res
      .type("application/xml")
      .set("Cache-Control", "public, max-age=300")
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`);
  });
  // The web app manifest: the show's name, its artwork's icons and its theme's colour.
  router.get("/manifest.webmanifest", async (_req, res) => {
    const site = await siteData.site();
    const { vars } = bodyTheme(site.theme);
    const artwork = site.identity.images.artwork;
    const icons = artwork
      ? [192, 512].map((size) => ({ src: variantPath(artwork, "icon", size, "png"), sizes: `${size}x${size}`, type: "image/png", purpose: "any" }))
      : [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }];
    res
      .type("application/manifest+json")
      .set("Cache-Control", "public, max-age=300")
      .send(
        JSON.stringify({
          name: site.name,
          short_name: site.name.length <= 12 ? site.name : site.name.slice(0, 12).trim(),
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
  return router;
}
