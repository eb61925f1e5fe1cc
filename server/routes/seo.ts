import { Router } from "express";
import { href, ROUTE_NAMES, ROUTES } from "../../shared/routes";
import type { SiteData } from "../services/site-data";

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * robots.txt and sitemap.xml (docs/product.md "Pages served by the server"), both from the route
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
  return router;
}
