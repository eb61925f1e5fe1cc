import { request, type APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./server-state";

/**
 * The admin's API, for tests that need content the seed does not have (many providers, long or
 * right-to-left text): made before the test, removed after it, so the other tests keep the seed.
 */
export async function adminApi(baseURL: string): Promise<APIRequestContext> {
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  expect((await api.post("/api/auth/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status()).toBe(200);
  return api;
}

export async function createItem<T extends { id: number }>(
  api: APIRequestContext,
  kind: "providers" | "episodes" | "clips",
  data: object,
): Promise<T> {
  const res = await api.post(`/api/${kind}`, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

/**
 * Deletes every provider, episode and clip whose name or title starts with E2E, and forgets the
 * deleted feed episodes among them (a feed episode deleted is otherwise never imported again, and
 * the next test's feed would not bring it).
 */
export async function removeE2EItems(api: APIRequestContext): Promise<void> {
  const episodes = (await (await api.get("/api/episodes")).json()) as { id: number; title: string }[];
  const ids = episodes.filter((e) => e.title.startsWith("E2E")).map((e) => e.id);
  if (ids.length > 0) expect((await api.post("/api/episodes/bulk", { data: { ids, action: "delete" } })).status()).toBe(200);
  for (const kind of ["clips", "providers"]) {
    const items = (await (await api.get(`/api/${kind}`)).json()) as { id: number; title?: string; name?: string }[];
    for (const item of items) {
      if ((item.title ?? item.name ?? "").startsWith("E2E")) await api.delete(`/api/${kind}/${item.id}`);
    }
  }
  const deleted = (await (await api.get("/api/feed/deleted")).json()) as { id: number; title: string }[];
  for (const tombstone of deleted) {
    if (tombstone.title.startsWith("E2E"))
      expect((await api.post(`/api/feed/deleted/${tombstone.id}/restore`, { data: {} })).status()).toBe(200);
  }
}

/** The owner's hand-ins as the API lists them. */
export async function handIns(api: APIRequestContext): Promise<{ id: string; name: string; status: string }[]> {
  return (await (await api.get("/api/auditions")).json()) as { id: string; name: string; status: string }[];
}

/** Deletes every hand-in whose candidate's name starts with E2E. */
export async function removeE2EHandIns(api: APIRequestContext): Promise<void> {
  for (const audition of await handIns(api)) if (audition.name.startsWith("E2E")) await api.delete(`/api/auditions/${audition.id}`);
}

export async function saveSettings(api: APIRequestContext, settings: Record<string, string>): Promise<void> {
  const res = await api.put("/api/settings", { data: { settings: Object.entries(settings).map(([key, value]) => ({ key, value })) } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Syncs the feed and waits until the episodes' files (transcripts, chapters, artwork) it named
 * have been fetched, which happens after the sync has answered.
 */
export async function syncFeedAndFiles(api: APIRequestContext): Promise<void> {
  const res = await api.post("/api/feed/sync", { data: {} });
  expect(res.status(), await res.text()).toBe(200);
  await expect
    .poll(
      async () => {
        const { extras } = (await (await api.get("/api/feed/status")).json()) as {
          extras: { running: boolean; transcripts: number; chapters: number; artwork: number; pictures: number; failing: number };
        };
        return !extras.running && extras.transcripts + extras.chapters + extras.artwork + extras.pictures === extras.failing;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Every test of the file against a podcast's host on loopback (made by `start`) whose feed the
 * site follows, imported with its files before the test. After it: `tidy` (when given), then the
 * E2E items go, the feed's settings and any `reset` are saved back, and the host stops.
 */
export function eachTestWithFeedHost<H extends { base: string; close: () => Promise<void> }>(
  start: () => Promise<H>,
  { tidy, reset }: { tidy?: (api: APIRequestContext, host: H) => Promise<void>; reset?: Record<string, string> } = {},
): { readonly api: APIRequestContext; readonly host: H } {
  let api: APIRequestContext | undefined;
  let host: H | undefined;
  test.beforeEach(async ({ baseURL }) => {
    api = await adminApi(baseURL!);
    host = await start();
    await saveSettings(api, { rss_url: `${host.base}/feed.xml`, feed_auto_publish: "true" });
    await syncFeedAndFiles(api);
  });
  test.afterEach(async () => {
    await tidy?.(api!, host!);
    await removeE2EItems(api!);
    await saveSettings(api!, { rss_url: "", feed_auto_publish: "false", podcast_title: "", ...reset });
    await api!.dispose();
    await host!.close();
  });
  return {
    get api() {
      return api!;
    },
    get host() {
      return host!;
    },
  };
}
