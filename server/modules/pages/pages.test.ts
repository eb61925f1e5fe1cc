import { describe, expect, it } from "vitest";
import type { EpisodeArchivePage } from "../../../shared/api";
import { clip, episode, site } from "../../test/pages";
import type { PageSubject } from "./page-head";
import { canonicalOf, firstScreenData, momentQuery, pageCacheKey, placeOf } from "./service";

const archive = (over: Partial<EpisodeArchivePage> = {}): EpisodeArchivePage => ({
  episodes: [],
  page: 1,
  pageSize: 20,
  pageCount: 3,
  total: 50,
  query: "",
  season: null,
  seasons: [],
  ...over,
});
const context = { site, publicUrl: "https://show.example", withLists: true, year: 2026 };

describe("momentQuery", () => {
  it("when the only parameter is t with a time that reads, then it is kept as asked", () => {
    for (const asked of ["/episode/a?t=75", "/episode/a?t=1:02:03", "/episode/a?t=npt:10,20", "/episode/a?t=75,90"])
      expect(momentQuery(asked), asked).toBe(asked.slice(asked.indexOf("?")));
  });

  it("when t is missing, repeated, beside another parameter or not a time, then there is no moment", () => {
    for (const asked of ["/episode/a", "/episode/a?", "/episode/a?t=soon", "/episode/a?t=1&t=2", "/episode/a?t=1&x=2", "/episode/a?x=1"])
      expect(momentQuery(asked), asked).toBe("");
  });
});

describe("where a page lives", () => {
  it("when a clip, an episode or an archive page is shown, then its canonical address is the route table's", () => {
    expect(canonicalOf({ route: "clip", clip })).toBe("/clips/why-pain");
    expect(canonicalOf({ route: "episode", episode })).toBe("/episode/the-ache");
    expect(canonicalOf({ route: "archive", archive: archive({ page: 2, query: "knee", season: 3 }) })).toBe(
      "/archive?q=knee&season=3&page=2",
    );
    expect(canonicalOf({ route: "archive", archive: archive() })).toBe("/archive");
  });

  it("when a page has one spelling (home, about, 404), then it has no canonical address to send visitors to", () => {
    expect(canonicalOf({ route: "home" })).toBeNull();
    expect(canonicalOf({ route: null, path: "/nope" })).toBeNull();
  });

  it("when an archive's first page is asked for as ?page=1, then the visitor is sent to /archive", () => {
    expect(placeOf({ route: "archive", archive: archive() }, "/archive", "/archive?page=1")).toEqual({ redirect: "/archive" });
  });

  it("when an escaped spelling of a slug is asked for, then the visitor is sent to the page's one address", () => {
    expect(placeOf({ route: "clip", clip }, "/clips/why%2Dpain", "/clips/why%2Dpain")).toEqual({ redirect: "/clips/why-pain" });
  });

  it("when an episode is asked for at a moment, then it is served where it lives and not sent away; another query is", () => {
    const subject: PageSubject = { route: "episode", episode };
    expect(placeOf(subject, "/episode/the-ache", "/episode/the-ache?t=1:30")).toEqual({ canonical: "/episode/the-ache" });
    expect(placeOf(subject, "/episode/the-ache", "/episode/the-ache?utm=x")).toEqual({ redirect: "/episode/the-ache" });
    expect(placeOf({ route: "clip", clip }, "/clips/why-pain", "/clips/why-pain?t=10")).toEqual({ redirect: "/clips/why-pain" });
  });

  it("when a page with one spelling or the 404 page is asked for, then it is kept under the path asked", () => {
    expect(placeOf({ route: "about" }, "/about", "/about?x=1")).toEqual({ canonical: "/about" });
    expect(placeOf({ route: null, path: "/nope" }, "/nope", "/nope")).toEqual({ canonical: "/nope" });
  });

  it("when the same page is asked for with and without a session, then the two are kept apart", () => {
    expect(pageCacheKey("/", true)).not.toBe(pageCacheKey("/", false));
    expect(pageCacheKey("/about", true)).not.toBe(pageCacheKey("/", true));
  });
});

describe("firstScreenData", () => {
  it("when a visitor opens the home page, then the lists come with it; with a session they do not, and the client asks who is there", () => {
    const home = { clips: [], latestEpisodes: { episodes: [], hasMore: false } } as never;
    const visitor = firstScreenData({ route: "home" }, "/", { ...context, home });
    expect(visitor).toMatchObject({ hasSession: false, clips: [], publicUrl: "https://show.example", year: 2026 });
    const owner = firstScreenData({ route: "home" }, "/", { ...context, withLists: false, home });
    expect(owner.hasSession).toBe(true);
    expect(owner).not.toHaveProperty("clips");
  });

  it("when a clip or an episode is shown, then its record is in the first screen's data", () => {
    expect(firstScreenData({ route: "clip", clip }, "/clips/why-pain", context).clip).toBe(clip);
    expect(firstScreenData({ route: "episode", episode }, "/episode/the-ache", context).episode).toBe(episode);
  });

  it("when a clip, episode or person is missing, then its slug comes with the 404 page, decoded, so the client says which", () => {
    const missing = (path: string) => firstScreenData({ route: null, path }, path, context);
    expect(missing("/clips/gone%20away").missingClipSlug).toBe("gone away");
    expect(missing("/episode/gone").missingEpisodeSlug).toBe("gone");
    expect(missing("/people/nobody").missingPersonSlug).toBe("nobody");
    const unknown = missing("/no-such-page");
    expect(unknown).not.toHaveProperty("missingClipSlug");
    expect(unknown.values).toBe(site.values);
  });
});
