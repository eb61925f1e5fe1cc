import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Clip, Episode, EpisodeArchivePage, Provider } from "@shared/api";
import type { InitialData } from "@shared/initial-data";
import { PUBLIC_SETTING_KEYS } from "@shared/settings";
import { clipBySlugQueryOptions, clipsQueryOptions } from "@/features/clips/api";
import { archiveQueryOptions, episodeBySlugQueryOptions, latestEpisodesQueryOptions } from "@/features/episodes/api";
import { identityQueryOptions } from "@/features/identity/api";
import { providersQueryOptions } from "@/features/providers/api";
import { siteThemeQueryOptions } from "@/features/theme/api";
import { createQueryClient } from "@/lib/query-client";
import { settingQueryOptions } from "@/features/settings/api";
import { readInitialData, seedQueryClient } from "./initial-data";

const episode = { id: 1, slug: "e", title: "E", sortOrder: "1" } as Episode;
const clip = { id: 2, slug: "why-pain", title: "C", sortOrder: "1" } as Clip;
const provider = { id: 3, name: "P", url: "https://p.example", icon: "fa-p", sortOrder: "1" } as Provider;

/** A page of /archive holding the one episode, with what `over` changes. */
const archivePage = (over: Partial<EpisodeArchivePage> = {}): EpisodeArchivePage => ({
  episodes: [{ ...episode, match: null }],
  page: 1,
  pageSize: 20,
  pageCount: 1,
  total: 1,
  query: "",
  season: null,
  seasons: [],
  ...over,
});

/** A page's data carrying the first screen's lists (the episode, its archive page, the clip), with what `over` changes. */
const firstScreen = (over: Partial<InitialData> = {}): InitialData => ({
  values: { podcast_title: "Show" },
  providers: [provider],
  theme: null,
  latestEpisodes: { episodes: [episode], total: 1, trailer: null },
  episode,
  archive: archivePage(),
  clips: [clip],
  clip,
  ...over,
});

/**
 * Mounts the queries a page uses, as its components would (an observer each), with the app's
 * query client, and returns the addresses they fetched.
 */
async function fetchedBy(client: QueryClient, queries: { queryKey: readonly unknown[] }[]): Promise<string[]> {
  const fetched: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      fetched.push(url);
      return new Response("null", { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  const stops = queries.map((options) => new QueryObserver(client, options as never).subscribe(() => undefined));
  await new Promise((resolve) => setTimeout(resolve, 10));
  stops.forEach((stop) => stop());
  return fetched;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("initial data", () => {
  it("when a page's queries start from the data it carries, then none of them asks the API; one it does not carry does", async () => {
    const client = createQueryClient();
    seedQueryClient(client, firstScreen());
    const seeded = [
      ...PUBLIC_SETTING_KEYS.map((key) => settingQueryOptions(key)),
      providersQueryOptions(),
      siteThemeQueryOptions(),
      latestEpisodesQueryOptions(),
      episodeBySlugQueryOptions("e"),
      archiveQueryOptions({ page: 1, q: "" }),
      clipsQueryOptions(),
      clipBySlugQueryOptions("why-pain"),
    ];
    expect(await fetchedBy(client, seeded)).toEqual([]);
    // The same check sees a fetch when there is one: the identity was not in this page's data.
    expect(await fetchedBy(client, [identityQueryOptions()])).toEqual(["/api/identity"]);
  });

  it("when the page carries the first screen's data, then each query's cache entry holds it", () => {
    const client = new QueryClient();
    seedQueryClient(
      client,
      firstScreen({
        values: { podcast_title: "Show", footer_content: "<p>f</p>" },
        theme: { id: "deep-ocean" },
        latestEpisodes: { episodes: [episode], total: 30, trailer: null },
        archive: archivePage({ page: 2, pageCount: 2, total: 21, season: 3, seasons: [3] }),
        person: { person: { slug: "ann", name: "Ann", href: null, imagePath: null, roles: ["host"] }, episodes: [episode] },
        missingPersonSlug: "nobody",
      }),
    );
    expect(client.getQueryData(["settings", "podcast_title"])).toBe("Show");
    expect(client.getQueryData(["settings", "editors_intro"])).toBe("");
    expect(client.getQueryData(["providers"])).toEqual([provider]);
    expect(client.getQueryData(["theme", "site"])).toEqual({ id: "deep-ocean" });
    expect(client.getQueryData(["episodes", "latest"])).toEqual({ episodes: [episode], total: 30, trailer: null });
    expect(client.getQueryData(["episodes", "slug", "e"])).toEqual(episode);
    expect(client.getQueryData(["episodes", "archive", 2, "", 3])).toMatchObject({ page: 2, total: 21 });
    expect(client.getQueryData(["people", "slug", "ann"])).toMatchObject({ person: { name: "Ann" } });
    expect(client.getQueryData(["people", "slug", "nobody"])).toBeNull();
    expect(client.getQueryData(["clips"])).toEqual([clip]);
    expect(client.getQueryData(["clips", "slug", "why-pain"])).toEqual(clip);
  });

  it("when the page carries no lists (a session holder, maybe the admin), then the lists are left to the API", () => {
    const client = new QueryClient();
    seedQueryClient(client, { values: {}, providers: [] });
    expect(client.getQueryData(["episodes", "latest"])).toBeUndefined();
    expect(client.getQueryData(["theme", "site"])).toBeUndefined();
  });

  it("when the data element is missing or broken, then nothing is read", () => {
    const doc = (text: string | null) => ({ getElementById: () => (text === null ? null : { textContent: text }) }) as unknown as Document;
    expect(readInitialData(doc(null))).toBeNull();
    expect(readInitialData(doc("{broken"))).toBeNull();
    expect(readInitialData(doc('{"values":{},"providers":[]}'))).toEqual({ values: {}, providers: [] });
  });
});
