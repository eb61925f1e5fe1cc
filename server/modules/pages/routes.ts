import { Router, type Request, type Response } from "express";
import { LRUCache } from "lru-cache";
import { trimEnd } from "es-toolkit/string";
import { throttleAddress } from "../../platform/http/client-address";
import { ADMIN_DATA, cacheForEveryVisitor, FOR_ONE_SESSION, STALE_IF_ERROR_MS } from "../../platform/http/cache-policy";
import { classify } from "../../platform/http/error-handler";
import { type FastPathRecorder, type CachedBody, sendCached } from "../../platform/http/send-cached";
import type { PageSubject } from "./page-head";
import { momentQuery, pageCacheKey, placeOf, type PageService } from "./service";
import { aliasOf, ROUTES } from "../../../shared/routes";
import { etagOf, type PublicCache } from "../../platform/http/public-cache";

export interface PagesDeps {
  /** The site's pages; `null` when the SPA has not been built, and then no page is served. */
  pages: PageService | null;
  sessionCookieName: string;
  cache: PublicCache;
  /** Keeps visitors' pages for the fast path. */
  fastPath?: FastPathRecorder;
}

/** The path asked for, without a trailing slash, and the address asked: that path with the query. */
function askedOf(req: Request): { pathname: string; asked: string } {
  const pathname = req.path.length > 1 ? trimEnd(req.path, "/") : req.path;
  return { pathname, asked: pathname + (req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "") };
}

/** The database is down: a visitor gets the page as it last was (`stale`), rather than an error; any other failure is thrown on. */
function sendLastGood(req: Request, res: Response, err: unknown, stale: CachedBody | undefined): void {
  if (!stale || classify(err).code !== "UNAVAILABLE") throw err;
  req.log?.warn({ cause: classify(err).message }, "served the last good copy of a page");
  res.locals.route = "page:stale";
  res.set("Cache-Control", "no-cache");
  sendCached(req, res, stale, "html");
}

/**
 * Every page of the route table (shared/routes.ts) over HTTP: which page and its HTML come from
 * the page service (modules/pages/service.ts); here, the redirects to a page's one address, the cache
 * and its headers, and the last good copy while the database is down. Any other path is the 404 page.
 */
export function pagesRouter({ pages, sessionCookieName, cache, fastPath }: PagesDeps): Router {
  const router = Router();
  if (!pages) return router;

  // A plain middleware, not a route with a parameter: a path with malformed escapes is a 404 page
  // like any unknown path, not a parameter-decoding error.
  // The last good copy of each visitor's page, served when the database is down (stale-if-error),
  // for a day at most; bounded by bytes like the cache.
  const lastGood = new LRUCache<string, CachedBody>({
    maxSize: 16 * 1024 * 1024,
    sizeCalculation: (e) => e.body.length * 2 + 1_024,
    ttl: STALE_IF_ERROR_MS,
  });

  router.use(async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const { pathname, asked } = askedOf(req);
    // Another spelling of an admin screen (/admin/episodes): to the screen, its query kept. A 302,
    // not a 301: browsers keep a 301 for good, and which spelling is the screen's may change.
    const alias = aliasOf(pathname);
    if (alias) {
      res.set("Cache-Control", ADMIN_DATA).redirect(302, alias + asked.slice(pathname.length));
      return;
    }
    // Someone with a session may be the admin, whose lists include drafts: their page carries no
    // lists, so the client asks the API for them.
    const withLists = !(req.headers.cookie ?? "").includes(`${sessionCookieName}=`);
    let subject: PageSubject;
    let page: { status: number; entry: CachedBody };
    let canonical: string;
    try {
      const found = await pages.subjectOf(pathname, req.query, throttleAddress(req.ip));
      // A slug the admin changed: its old address answers with the new one, a moment kept.
      if ("moved" in found) {
        res.redirect(301, found.moved + momentQuery(asked));
        return;
      }
      subject = found;
      // Only pages that exist are cached, under their canonical address, so made-up paths and other
      // spellings (percent-escapes, ?page=1) cannot fill the cache: those go to the canonical one.
      const place = placeOf(subject, pathname, asked);
      if ("redirect" in place) {
        res.redirect(301, place.redirect);
        return;
      }
      canonical = place.canonical;
      const build = async () => {
        const { status, html } = await pages.render(canonical, subject, withLists);
        return { status, entry: { body: html, etag: etagOf(html) } as CachedBody };
      };
      page = subject.route !== null ? await cache.get(pageCacheKey(canonical, withLists), build) : await build();
    } catch (err) {
      // The database is down: a visitor gets the page as it last was, rather than an error.
      sendLastGood(req, res, err, withLists ? lastGood.get(asked) : undefined);
      return;
    }
    res.locals.route = `page:${subject.route ?? "not-found"}`;
    // The admin area's pages are the admin's, and a page with a session carries no visitor's lists.
    const shared = withLists && subject.route !== null && ROUTES[subject.route].area !== "admin";
    if (shared) cacheForEveryVisitor(res);
    else res.set("Cache-Control", FOR_ONE_SESSION);
    res.status(page.status);
    if (page.status !== 200) {
      res.type("html").send(page.entry.body);
      return;
    }
    if (shared) lastGood.set(canonical, page.entry);
    sendCached(req, res, page.entry, "html", shared ? fastPath : undefined, canonical);
  });
  return router;
}
