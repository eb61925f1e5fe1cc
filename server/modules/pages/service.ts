import fs from "node:fs";
import path from "node:path";
import { archiveQuerySchema } from "../../../shared/api";
import type { InitialData } from "../../../shared/initial-data";
import { parseMoment } from "../../../shared/moment";
import { decodeSegment, href, isAdminRoute, matchRoute, ROUTES } from "../../../shared/routes";
import { siteLanguageOf } from "../../../shared/languages";
import { pageCatalogue, translator } from "../languages";
import type { FirstPaint } from "./first-paint";
import { buildPageHead, type PageSubject } from "./page-head";
import { parseShell, renderPage } from "./page-shell";
import { readRouteChunks } from "./route-chunks";
import type { ShareImages } from "../share-images";
import type { Site, PageData } from "./page-data";

/**
 * The query of a link to a moment (docs/product.md "Listening"): only `t`, once, with a value
 * that reads as one (`?t=75`, `?t=1:02:03`, `?t=npt:10,20`); "" for anything else.
 */
export function momentQuery(asked: string): string {
  const at = asked.indexOf("?");
  if (at === -1) return "";
  const params = [...new URLSearchParams(asked.slice(at + 1))];
  return params.length === 1 && params[0]![0] === "t" && parseMoment(params[0]![1]) ? asked.slice(at) : "";
}

/** Where a page lives: another spelling of it (an escaped slug, ?page=1) is sent there. `null`: a page with one spelling. */
export function canonicalOf(subject: PageSubject): string | null {
  switch (subject.route) {
    case "clip":
      return href.clip(subject.clip.slug);
    case "episode":
      return href.episode(subject.episode.slug);
    case "person":
      return href.person(subject.person.person.slug);
    case "archive":
      return href.archive({ page: subject.archive.page, q: subject.archive.query, season: subject.archive.season });
    default:
      return null;
  }
}

/**
 * What to do with a request for a page that exists: serve it (`canonical` is where it is kept
 * and cached), or send the visitor to its one spelling. An episode asked for at a moment is the
 * same page, for the player to start there, not another spelling to send away.
 */
export function placeOf(subject: PageSubject, pathname: string, asked: string): { redirect: string } | { canonical: string } {
  const canonical = canonicalOf(subject);
  if (subject.route === null || canonical === null) return { canonical: pathname };
  if (asked === canonical) return { canonical };
  const isMoment = subject.route === "episode" && asked.startsWith(`${canonical}?`) && momentQuery(asked) !== "";
  return isMoment ? { canonical } : { redirect: canonical };
}

/**
 * Where a page's HTML is kept: a visitor's under its canonical address; one asked for with a
 * session (whose lists the client asks for itself) apart from it.
 */
export function pageCacheKey(canonical: string, withLists: boolean): string {
  return `page:${withLists ? "" : "session:"}${canonical}`;
}

/**
 * The data of the first screen, given to the client in the page: the site's settings, and the
 * clip, episode, archive page or person the page shows. `home`: the visitor's lists of the home
 * page, only when the request has no session (the admin's lists include drafts). A path that
 * names a missing clip, episode or person carries its slug, so the client shows 'Clip Not Found'
 * (or the episode's) without asking the API again.
 */
export function firstScreenData(
  subject: PageSubject,
  pathname: string,
  context: { site: Site; publicUrl: string; withLists: boolean; year: number; home?: Partial<InitialData> },
): InitialData {
  const { site, publicUrl, withLists, year, home } = context;
  // hasSession: the client asks who is logged in only when someone may be (no 401 in a visitor's console).
  const data: InitialData = {
    values: site.values,
    providers: site.providers,
    theme: site.theme,
    identity: site.identity,
    hasSession: !withLists,
    publicUrl,
    year,
  };
  switch (subject.route) {
    case "clip":
      return { ...data, clip: subject.clip };
    case "episode":
      return { ...data, episode: subject.episode };
    case "archive":
      return { ...data, archive: subject.archive };
    case "person":
      return { ...data, person: subject.person };
    case "home":
      return withLists && home ? { ...data, ...home } : data;
    case null: {
      const missing = matchRoute(pathname);
      const slug = missing?.params.slug !== undefined ? decodeSegment(missing.params.slug) : null;
      if (slug === null) return data;
      if (missing!.name === "clip") return { ...data, missingClipSlug: slug };
      if (missing!.name === "episode") return { ...data, missingEpisodeSlug: slug };
      if (missing!.name === "person") return { ...data, missingPersonSlug: slug };
      return data;
    }
    default:
      return data;
  }
}

export interface PageServiceDeps {
  /** The built SPA; without its index.html there are no pages. */
  clientDir: string;
  publicUrl: string;
  pageData: PageData;
  shareImages: Pick<ShareImages, "keyOf">;
  firstPaint: FirstPaint;
}

export type PageService = ReturnType<typeof createPageService>;

/**
 * The site's pages (docs/decisions/004-pages-filled-by-the-server.md): which page a path shows,
 * and that page as HTML with its head, the stored theme, the first screen's data and markup.
 * `null` when the SPA has not been built.
 */
export function createPageService({ clientDir, publicUrl, pageData, shareImages, firstPaint }: PageServiceDeps) {
  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) return null;
  const shell = parseShell(fs.readFileSync(indexFile, "utf8"), (asset) => {
    const file = path.join(clientDir, asset);
    return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : null;
  });
  const routeChunks = readRouteChunks(clientDir);

  /**
   * What a path shows: a route of the table, with its clip, episode, person or archive page; no
   * route when there is nothing to show (an unknown slug, a draft, an archive page past the last,
   * a season the show does not have); or, for a clip's or an episode's slug the admin has since
   * changed, where it lives now (`moved`).
   */
  const subjectOf = async (pathname: string, search: Record<string, unknown>, client: string): Promise<PageSubject | { moved: string }> => {
    const match = matchRoute(pathname);
    const missing = { route: null, path: pathname } as const;
    if (!match) return missing;
    /** Where a clip's or an episode's old slug lives now, or missing. */
    const movedFrom = async (kind: "clip" | "episode", slug: string) => {
      const renamed = await pageData.findRenamed(kind, slug);
      return renamed ? { moved: href[kind](renamed) } : missing;
    };
    if (match.name === "clip") {
      const slug = decodeSegment(match.params.slug!);
      const clip = await pageData.findClip(slug);
      return clip ? { route: "clip", clip } : movedFrom("clip", slug);
    }
    if (match.name === "episode") {
      const slug = decodeSegment(match.params.slug!);
      const episode = await pageData.findEpisode(slug);
      return episode ? { route: "episode", episode } : movedFrom("episode", slug);
    }
    if (match.name === "person") {
      const person = await pageData.findPerson(decodeSegment(match.params.slug!));
      return person ? { route: "person", person } : missing;
    }
    if (match.name === "archive") {
      const query = archiveQuerySchema.safeParse({ page: search.page, q: search.q, season: search.season });
      if (!query.success) return missing;
      const archive = await pageData.archive(query.data, client);
      const isSeason = archive.season === null || archive.seasons.includes(archive.season);
      return archive.page <= archive.pageCount && isSeason ? { route: "archive", archive } : missing;
    }
    return { route: match.name };
  };

  /** One page as HTML, `url` its canonical address. `withLists`: no session came with the request, so the lists are a visitor's. */
  const render = async (url: string, subject: PageSubject, withLists: boolean): Promise<{ status: number; html: string }> => {
    const pathname = url.split("?")[0]!;
    const site = await pageData.site();
    const home = subject.route === "home" && withLists ? await pageData.home() : undefined;
    const data = firstScreenData(subject, pathname, { site, publicUrl, withLists, year: new Date().getUTCFullYear(), home });
    const tag = siteLanguageOf(site.values.site_language);
    const language = { tag, messages: pageCatalogue(tag, subject.route === "editors") };
    const head = buildPageHead(subject, {
      site,
      publicUrl,
      shareKey: (input) => shareImages.keyOf(input),
      t: translator(tag).t,
      locale: tag,
    });
    const isAdmin = subject.route !== null && ROUTES[subject.route].area === "admin";
    const html = renderPage(shell, {
      head,
      publicUrl,
      siteName: site.name,
      theme: site.theme,
      initialData: data,
      appHtml: isAdmin ? undefined : await firstPaint(url, data, language),
      artwork: site.identity.images.artwork,
      // The page's own chunks load beside the entry, not after it has run.
      modulePreloads: subject.route !== null && !isAdminRoute(subject.route) ? routeChunks(subject.route) : [],
      feedUrl: site.values.rss_url,
      language,
    });
    return { status: subject.route === null ? 404 : 200, html };
  };

  return { subjectOf, render };
}
