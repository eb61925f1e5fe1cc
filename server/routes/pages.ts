import fs from "node:fs";
import path from "node:path";
import { Router } from "express";
import type { InitialData } from "../../shared/initial-data";
import { decodeSegment, href, matchRoute, ROUTES } from "../../shared/routes";
import { trimEndChar } from "../../shared/strings";
import { type CachedBody, sendCached } from "../lib/send-cached";
import type { FirstPaint } from "../services/first-paint";
import { buildPageHead, type PageSubject } from "../services/page-head";
import { parseShell, renderPage } from "../services/page-shell";
import { etagOf, type PublicCache } from "../services/public-cache";
import type { ShareImages } from "../services/share-images";
import type { SiteData } from "../services/site-data";

export interface PagesDeps {
  /** The built SPA; without its index.html no page is served. */
  clientDir: string;
  sessionCookieName: string;
  publicUrl: string;
  siteData: SiteData;
  cache: PublicCache;
  shareImages: Pick<ShareImages, "keyOf">;
  firstPaint: FirstPaint;
}

/**
 * Every page of the route table (shared/routes.ts), served with its <head> filled for that route
 * (services/page-head.ts), the stored theme already on <body>, the data of the first screen and
 * its markup (docs/decisions/004-pages-filled-by-the-server.md). Any other path is the 404 page.
 */
export function pagesRouter({ clientDir, sessionCookieName, publicUrl, siteData, cache, shareImages, firstPaint }: PagesDeps): Router {
  const router = Router();
  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) return router;
  const shell = parseShell(fs.readFileSync(indexFile, "utf8"));

  /** What a path shows: a route of the table, with a clip for a clip's page; null when nothing. */
  const subjectOf = async (pathname: string): Promise<PageSubject> => {
    const match = matchRoute(pathname);
    if (!match) return { route: null, path: pathname };
    if (match.name !== "clip") return { route: match.name };
    const clip = await siteData.findClip(decodeSegment(match.params.slug!));
    return clip ? { route: "clip", clip } : { route: null, path: pathname };
  };

  /** One page as HTML. `withLists`: no session came with the request, so the lists are a visitor's. */
  const render = async (pathname: string, subject: PageSubject, withLists: boolean): Promise<{ status: number; html: string }> => {
    const site = await siteData.site();
    // hasSession: the client asks who is logged in only when someone may be (no 401 in a visitor's console).
    let data: InitialData = { values: site.values, providers: site.providers, theme: site.theme, hasSession: !withLists };
    if (subject.route === "clip") data = { ...data, clip: subject.clip };
    if (subject.route === "home" && withLists) data = { ...data, ...(await siteData.published()) };
    // The client shows 'Clip Not Found' from this, without asking the API again.
    const missingClip = subject.route === null ? matchRoute(pathname) : null;
    if (missingClip?.name === "clip") data = { ...data, missingClipSlug: decodeSegment(missingClip.params.slug!) };

    const head = buildPageHead(subject, { site, publicUrl, shareKey: (input) => shareImages.keyOf(input) });
    const isAdmin = subject.route !== null && subject.route !== "clip" && ROUTES[subject.route].area === "admin";
    const appHtml = isAdmin ? undefined : await firstPaint(pathname, data);
    const html = renderPage(shell, { head, publicUrl, siteName: site.name, theme: site.theme, initialData: data, appHtml });
    return { status: subject.route === null ? 404 : 200, html };
  };

  // A plain middleware, not a route with a parameter: a path with malformed escapes is a 404 page
  // like any unknown path, not a parameter-decoding error.
  router.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const pathname = req.path.length > 1 ? trimEndChar(req.path, "/") : req.path;
    const subject = await subjectOf(pathname);
    // Only pages that exist are cached, under their canonical path, so made-up paths and other
    // spellings of a slug (percent-escapes) cannot fill the cache: those go to the canonical one.
    if (subject.route === "clip" && pathname !== href.clip(subject.clip.slug)) {
      res.redirect(301, href.clip(subject.clip.slug));
      return;
    }
    // Someone with a session may be the admin, whose lists include drafts: their page carries no
    // lists, so the client asks the API for them.
    const withLists = !(req.headers.cookie ?? "").includes(`${sessionCookieName}=`);
    const build = async () => {
      const { status, html } = await render(pathname, subject, withLists);
      return { status, entry: { body: html, etag: etagOf(html) } as CachedBody };
    };
    const page = subject.route !== null ? await cache.get(`page:${withLists ? "" : "session:"}${pathname}`, build) : await build();
    res.status(page.status).set("Cache-Control", "no-cache");
    if (page.status !== 200) {
      res.type("html").send(page.entry.body);
      return;
    }
    sendCached(req, res, page.entry, "html");
  });
  return router;
}
