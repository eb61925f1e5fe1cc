import fs from "node:fs";
import path from "node:path";
import { Router, type Request } from "express";
import { LRUCache } from "lru-cache";
import { archiveQuerySchema } from "../../shared/api";
import type { InitialData } from "../../shared/initial-data";
import { parseMoment } from "../../shared/moment";
import { decodeSegment, href, isAdminRoute, matchRoute, ROUTES } from "../../shared/routes";
import { trimEndChar } from "../../shared/strings";
import { throttleAddress } from "../auth/client-address";
import { cacheForEveryVisitor, FOR_ONE_SESSION, STALE_IF_ERROR_MS } from "../lib/cache-policy";
import { classify } from "../lib/error-handler";
import { type AnswerMemory, type CachedBody, sendCached } from "../lib/send-cached";
import type { FirstPaint } from "../services/first-paint";
import { buildPageHead, type PageSubject } from "../services/page-head";
import { parseShell, renderPage } from "../services/page-shell";
import { readRouteChunks } from "../services/route-chunks";
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
  /** Keeps visitors' pages for the fast path. */
  fastPath?: AnswerMemory;
  shareImages: Pick<ShareImages, "keyOf">;
  firstPaint: FirstPaint;
}

/**
 * Every page of the route table (shared/routes.ts), served with its <head> filled for that route
 * (services/page-head.ts), the stored theme already on <body>, the data of the first screen and
 * its markup (docs/decisions/004-pages-filled-by-the-server.md). Any other path is the 404 page.
 */
export function pagesRouter({
  clientDir,
  sessionCookieName,
  publicUrl,
  siteData,
  cache,
  fastPath,
  shareImages,
  firstPaint,
}: PagesDeps): Router {
  const router = Router();
  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) return router;
  const shell = parseShell(fs.readFileSync(indexFile, "utf8"), (href) => {
    const file = path.join(clientDir, href);
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  });
  const routeChunks = readRouteChunks(clientDir);

  /**
   * What a path shows: a route of the table, with its clip, episode, person or archive page; no
   * route when there is nothing to show (an unknown slug, a draft, an archive page past the last,
   * a season the show does not have); or, for a clip's or an episode's slug the admin has since
   * changed, where it lives now (`moved`).
   */
  const subjectOf = async (pathname: string, search: Request["query"], client: string): Promise<PageSubject | { moved: string }> => {
    const match = matchRoute(pathname);
    const missing = { route: null, path: pathname } as const;
    if (!match) return missing;
    if (match.name === "clip") {
      const slug = decodeSegment(match.params.slug!);
      const clip = await siteData.findClip(slug);
      if (clip) return { route: "clip", clip };
      const renamed = await siteData.findRenamed("clip", slug);
      return renamed ? { moved: href.clip(renamed) } : missing;
    }
    if (match.name === "episode") {
      const slug = decodeSegment(match.params.slug!);
      const episode = await siteData.findEpisode(slug);
      if (episode) return { route: "episode", episode };
      const renamed = await siteData.findRenamed("episode", slug);
      return renamed ? { moved: href.episode(renamed) } : missing;
    }
    if (match.name === "person") {
      const person = await siteData.findPerson(decodeSegment(match.params.slug!));
      return person ? { route: "person", person } : missing;
    }
    if (match.name === "archive") {
      const query = archiveQuerySchema.safeParse({ page: search.page, q: search.q, season: search.season });
      if (!query.success) return missing;
      const archive = await siteData.archive(query.data, client);
      const isSeason = archive.season === null || archive.seasons.includes(archive.season);
      return archive.page <= archive.pageCount && isSeason ? { route: "archive", archive } : missing;
    }
    return { route: match.name };
  };

  /** Where a page lives: another spelling of it (an escaped slug, ?page=1) is sent there. */
  const canonicalOf = (subject: PageSubject): string | null =>
    subject.route === "clip"
      ? href.clip(subject.clip.slug)
      : subject.route === "episode"
        ? href.episode(subject.episode.slug)
        : subject.route === "person"
          ? href.person(subject.person.person.slug)
          : subject.route === "archive"
            ? href.archive({ page: subject.archive.page, q: subject.archive.query, season: subject.archive.season })
            : null;

  /**
   * The query of a link to a moment (docs/product.md "Listening"): only `t`, once, with a value
   * that reads as one (`?t=75`, `?t=1:02:03`, `?t=npt:10,20`); "" for anything else.
   */
  const momentQuery = (asked: string): string => {
    const at = asked.indexOf("?");
    if (at === -1) return "";
    const params = [...new URLSearchParams(asked.slice(at + 1))];
    return params.length === 1 && params[0]![0] === "t" && parseMoment(params[0]![1]) ? asked.slice(at) : "";
  };

  /** An episode's page asked for at a moment: the same page, for the player to start there, not another spelling to send away. */
  const isMomentOf = (subject: PageSubject, asked: string, canonical: string) =>
    subject.route === "episode" && asked.startsWith(`${canonical}?`) && momentQuery(asked) !== "";

  /** One page as HTML. `withLists`: no session came with the request, so the lists are a visitor's. */
  const render = async (url: string, subject: PageSubject, withLists: boolean): Promise<{ status: number; html: string }> => {
    const pathname = url.split("?")[0]!;
    const site = await siteData.site();
    // hasSession: the client asks who is logged in only when someone may be (no 401 in a visitor's console).
    let data: InitialData = {
      values: site.values,
      providers: site.providers,
      theme: site.theme,
      identity: site.identity,
      hasSession: !withLists,
      publicUrl,
      year: new Date().getUTCFullYear(),
    };
    if (subject.route === "clip") data = { ...data, clip: subject.clip };
    if (subject.route === "episode") data = { ...data, episode: subject.episode };
    if (subject.route === "archive") data = { ...data, archive: subject.archive };
    if (subject.route === "person") data = { ...data, person: subject.person };
    if (subject.route === "home" && withLists) data = { ...data, ...(await siteData.home()) };
    // The client shows 'Clip Not Found' (or the episode's) from this, without asking the API again.
    const missing = subject.route === null ? matchRoute(pathname) : null;
    if (missing?.name === "clip") data = { ...data, missingClipSlug: decodeSegment(missing.params.slug!) };
    if (missing?.name === "episode") data = { ...data, missingEpisodeSlug: decodeSegment(missing.params.slug!) };
    if (missing?.name === "person") data = { ...data, missingPersonSlug: decodeSegment(missing.params.slug!) };

    const head = buildPageHead(subject, { site, publicUrl, shareKey: (input) => shareImages.keyOf(input) });
    const isAdmin = subject.route !== null && ROUTES[subject.route].area === "admin";
    const appHtml = isAdmin ? undefined : await firstPaint(url, data);
    const html = renderPage(shell, {
      head,
      publicUrl,
      siteName: site.name,
      theme: site.theme,
      initialData: data,
      appHtml,
      artwork: site.identity.images.artwork,
      // The page's own chunks load beside the entry, not after it has run.
      modulePreloads: subject.route !== null && !isAdminRoute(subject.route) ? routeChunks(subject.route) : [],
      feedUrl: site.values.rss_url,
    });
    return { status: subject.route === null ? 404 : 200, html };
  };

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
    const pathname = req.path.length > 1 ? trimEndChar(req.path, "/") : req.path;
    const asked = pathname + (req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "");
    // Someone with a session may be the admin, whose lists include drafts: their page carries no
    // lists, so the client asks the API for them.
    const withLists = !(req.headers.cookie ?? "").includes(`${sessionCookieName}=`);
    let subject: PageSubject;
    let page: { status: number; entry: CachedBody };
    let canonical: string;
    try {
      const found = await subjectOf(pathname, req.query, throttleAddress(req.ip));
      // A slug the admin changed: its old address answers with the new one, a moment kept.
      if ("moved" in found) {
        res.redirect(301, found.moved + momentQuery(asked));
        return;
      }
      subject = found;
      // Only pages that exist are cached, under their canonical address, so made-up paths and other
      // spellings (percent-escapes, ?page=1) cannot fill the cache: those go to the canonical one.
      canonical = canonicalOf(subject) ?? pathname;
      if (subject.route !== null && canonicalOf(subject) !== null && asked !== canonical && !isMomentOf(subject, asked, canonical)) {
        res.redirect(301, canonical);
        return;
      }
      const build = async () => {
        const { status, html } = await render(canonical, subject, withLists);
        return { status, entry: { body: html, etag: etagOf(html) } as CachedBody };
      };
      page = subject.route !== null ? await cache.get(`page:${withLists ? "" : "session:"}${canonical}`, build) : await build();
    } catch (err) {
      // The database is down: a visitor gets the page as it last was, rather than an error.
      const stale = withLists ? lastGood.get(asked) : undefined;
      if (!stale || classify(err).code !== "UNAVAILABLE") throw err;
      req.log?.warn({ cause: classify(err).message }, "served the last good copy of a page");
      res.locals.route = "page:stale";
      res.set("Cache-Control", "no-cache");
      sendCached(req, res, stale, "html");
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
