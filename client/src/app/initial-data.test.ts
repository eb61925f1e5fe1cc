import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Clip, Episode, Provider } from "@shared/api";
import { readInitialData, seedQueryClient } from "./initial-data";

const episode = { id: 1, slug: "e", title: "E", sortOrder: "1" } as Episode;
const clip = { id: 2, slug: "why-pain", title: "C", sortOrder: "1" } as Clip;
const provider = { id: 3, name: "P", url: "https://p.example", icon: "fa-p", sortOrder: "1" } as Provider;

describe("initial data", () => {
  it("when the page carries the first screen's data, then the queries start from it and nothing is fetched", () => {
    const client = new QueryClient();
    seedQueryClient(client, {
      values: { podcast_title: "Show", footer_content: "<p>f</p>" },
      providers: [provider],
      theme: { id: "deep-ocean" },
      latestEpisodes: { episodes: [episode], total: 30, trailer: null },
      episode,
      archive: {
        episodes: [{ ...episode, match: null }],
        page: 2,
        pageSize: 20,
        pageCount: 2,
        total: 21,
        query: "",
        season: 3,
        seasons: [3],
      },
      clips: [clip],
      clip,
      person: { person: { slug: "ann", name: "Ann", href: null, imagePath: null, roles: ["host"] }, episodes: [episode] },
      missingPersonSlug: "nobody",
    });
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
