// Longer than 200 lines: the feed sync's whole contract through HTTP (sync, where the feed lives,
// unreadable feeds, refused addresses, the schedule), all on the feed host and app set up below.
import type supertest from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { feedXml, setFeedUrl, type TestItem, useFeedServer } from "../../test/feed-server";
import { createTestApp, postEpisode, type TestApp } from "../../test/harness";

const host = useFeedServer();
let t: TestApp;
let admin: supertest.Agent;

beforeEach(async () => {
  t = await createTestApp({
    config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: true, feedSyncMinutes: 60 },
    feedFetchLimits: { timeoutMs: 1_000, maxBytes: 200_000 },
  });
  admin = await t.admin();
});
afterEach(() => t.close());

const ITEMS: TestItem[] = [
  { title: "Two", date: "Tue, 02 Jan 2024 10:00:00 GMT", notes: "<p>Second <b>episode</b><script>alert(1)</script></p>" },
  { title: "Three", date: "Wed, 03 Jan 2024 10:00:00 EST" },
  { title: "One", date: "Mon, 01 Jan 2024 10:00:00 GMT" },
  { title: "No audio here", audio: null },
  { title: "A video", audio: "https://cdn.example/v.mp4", type: "video/mp4" },
];

async function useFeed(items: TestItem[], path = "/feed.xml", options: { etag?: boolean } = {}) {
  host.routes.set(path, { body: feedXml(items), etag: options.etag });
  await setFeedUrl(admin, host.url(path));
}
const sync = () => admin.post("/api/feed/sync").send({});
const titles = async () => ((await admin.get("/api/episodes").expect(200)).body as { title: string }[]).map((e) => e.title);
const episodeCount = async () => (await admin.get("/api/episodes").expect(200)).body.length as number;
const byTitle = async (title: string) =>
  ((await admin.get("/api/episodes")).body as { title: string; id: number }[]).find((e) => e.title === title)!;

describe("syncing the show's feed", () => {
  it("when the feed is synced into an empty site, then its episodes arrive as drafts, newest first, and the audio-less items are skipped with reasons", async () => {
    await useFeed(ITEMS);
    const res = await sync().expect(200);
    expect(res.body).toEqual({
      added: 3,
      updated: 0,
      unchanged: 0,
      skipped: [
        { title: "No audio here", reason: "no audio file" },
        { title: "A video", reason: "no audio (video only)" },
      ],
      feedTitle: "Test Show",
    });
    expect(await titles()).toEqual(["Three", "Two", "One"]);
    const [three] = (await admin.get("/api/episodes")).body;
    expect(three).toMatchObject({
      source: "feed",
      isPublished: false,
      slug: "three",
      spotifyEmbedUrl: null,
      audioUrl: "https://cdn.example/Three.mp3",
      publishedAt: "2024-01-03T15:00:00.000Z",
    });
    expect((await t.request.get("/api/episodes").expect(200)).body).toEqual([]);
    const two = await admin.get("/api/episodes/slug/two").expect(200);
    expect(two.body.showNotes).toBe("<p>Second <b>episode</b></p>");
    expect((await t.request.get("/api/settings/podcast_title")).body.value).toBe("Test Show");
  });

  it("when the owner has named the show, then a sync leaves the name and description as they are", async () => {
    await admin.post("/api/settings").send({ key: "podcast_title", value: "Owner's Name" }).expect(200);
    await useFeed(ITEMS.slice(0, 1));
    await sync().expect(200);
    expect((await t.request.get("/api/settings/podcast_title")).body.value).toBe("Owner's Name");
  });

  it("when an unchanged feed is synced again, then nothing changes, whether the host answers 304 or the same bytes", async () => {
    await useFeed(ITEMS, "/etag.xml", { etag: true });
    await sync().expect(200);
    const before = (await admin.get("/api/episodes")).body;
    const again = await sync().expect(200);
    expect(again.body).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    expect(host.requests.at(-1)!.headers["if-none-match"]).toMatch(/^"/);
    await useFeed(ITEMS, "/plain.xml");
    expect((await sync().expect(200)).body).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    expect((await sync().expect(200)).body).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    expect((await admin.get("/api/episodes")).body).toEqual(before);
  });

  it("when the admin edited a field, published an episode and reordered, then a later sync changes only what the owner left alone", async () => {
    await useFeed(ITEMS);
    await sync().expect(200);
    const two = await byTitle("Two");
    await admin.put(`/api/episodes/${two.id}`).send({ title: "Two (owner's title)", isPublished: true }).expect(200);
    const one = await byTitle("One");
    await admin.post(`/api/episodes/${two.id}/swap`).send({ withId: one.id }).expect(200);
    const ordersBefore = (await admin.get("/api/episodes")).body.map((e: { id: number; sortOrder: string }) => [e.id, e.sortOrder]);

    await useFeed(
      ITEMS.map((i) => (i.title === "Two" ? { ...i, title: "Two renamed by the host", guid: "guid-Two", notes: "<p>New notes</p>" } : i)),
    );
    const res = await sync().expect(200);
    expect(res.body).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const after = await admin.get(`/api/episodes/slug/two`).expect(200);
    expect(after.body).toMatchObject({
      title: "Two (owner's title)",
      isPublished: true,
      showNotes: "<p>New notes</p>",
      editedFields: ["title"],
    });
    expect((await admin.get("/api/episodes")).body.map((e: { id: number; sortOrder: string }) => [e.id, e.sortOrder])).toEqual(
      ordersBefore,
    );
  });

  it("when auto-publish is on, then new episodes are published at once", async () => {
    await admin.post("/api/settings").send({ key: "feed_auto_publish", value: "true" }).expect(200);
    await useFeed(ITEMS.slice(0, 1));
    await sync().expect(200);
    expect((await t.request.get("/api/episodes").expect(200)).body.map((e: { title: string }) => e.title)).toEqual(["Two"]);
  });

  it("when items have no guid, then they are known again by their audio address (its rotating token ignored), then by title", async () => {
    const noGuid = ITEMS.slice(0, 3).map((i) => ({ ...i, guid: null, audio: `https://cdn.example/${i.title}.mp3?token=1` }));
    await useFeed(noGuid);
    await sync().expect(200);
    await useFeed(
      noGuid.map((i) => ({
        ...i,
        audio: i.title === "One" ? "https://other-cdn.example/one-moved.mp3" : i.audio!.replace("token=1", "token=2"),
      })),
    );
    const res = await sync().expect(200);
    expect(res.body).toMatchObject({ added: 0 });
    expect(await episodeCount()).toBe(3);
    expect((await admin.get("/api/episodes/slug/one")).body.audioUrl).toBe("https://other-cdn.example/one-moved.mp3");
  });

  it("when an item leaves the feed, then its episode stays; when it returns, it is not doubled", async () => {
    await useFeed(ITEMS.slice(0, 3));
    await sync().expect(200);
    await useFeed(ITEMS.slice(0, 2));
    expect((await sync().expect(200)).body).toMatchObject({ added: 0 });
    expect(await episodeCount()).toBe(3);
    await useFeed(ITEMS.slice(0, 3));
    expect((await sync().expect(200)).body).toMatchObject({ added: 0 });
    expect(await episodeCount()).toBe(3);
  });

  it("when a new episode comes out after the first import, then it goes to the top, above what the admin ordered", async () => {
    await useFeed(ITEMS.slice(0, 3));
    await sync().expect(200);
    await useFeed([{ title: "Four", date: "Thu, 04 Jan 2024 10:00:00 GMT" }, ...ITEMS.slice(0, 3)]);
    expect((await sync().expect(200)).body).toMatchObject({ added: 1, unchanged: 3 });
    expect(await titles()).toEqual(["Four", "Three", "Two", "One"]);
  });

  it("when the admin typed an episode in by hand before, then the feed links to it by title instead of doubling it, and keeps the owner's fields", async () => {
    await postEpisode(admin, {
      title: "One",
      spotifyEmbedUrl: "https://open.spotify.com/embed/episode/aaaaaaaaaaaaaaaaaaaaaa",
      description: "Mine",
    });
    await useFeed(ITEMS.slice(0, 3));
    expect((await sync().expect(200)).body).toMatchObject({ added: 2 });
    const one = (await admin.get("/api/episodes")).body.find((e: { title: string }) => e.title === "One");
    expect(one).toMatchObject({
      source: "manual",
      description: "Mine",
      audioUrl: "https://cdn.example/One.mp3",
      spotifyEmbedUrl: "https://open.spotify.com/embed/episode/aaaaaaaaaaaaaaaaaaaaaa",
    });
  });
});

describe("where the feed lives", () => {
  const status = async () => (await admin.get("/api/feed/status").expect(200)).body;

  it("when the feed answers with a permanent redirect, then it is read there, and the owner is asked before the stored address changes", async () => {
    host.routes.set("/old.xml", { status: 301, headers: { Location: "/new.xml" } });
    host.routes.set("/new.xml", { body: feedXml(ITEMS.slice(0, 1)) });
    await setFeedUrl(admin, host.url("/old.xml"));
    expect((await sync().expect(200)).body).toMatchObject({ added: 1 });
    expect((await admin.get("/api/settings/rss_url")).body.value).toBe(host.url("/old.xml"));
    expect((await status()).move).toEqual({ url: host.url("/new.xml"), problem: null });
    const accepted = (await admin.post("/api/feed/move").send({}).expect(200)).body;
    expect(accepted.move).toBeNull();
    expect((await admin.get("/api/settings/rss_url")).body.value).toBe(host.url("/new.xml"));
  });

  it("when the feed names a new address that works (itunes:new-feed-url), then the owner's address is still read and the move is offered", async () => {
    host.routes.set("/moving.xml", {
      body: feedXml(ITEMS.slice(0, 1), `<title>Old</title><itunes:new-feed-url>${host.url("/moved.xml")}</itunes:new-feed-url>`),
    });
    host.routes.set("/moved.xml", { body: feedXml(ITEMS.slice(0, 2)) });
    await setFeedUrl(admin, host.url("/moving.xml"));
    expect((await sync().expect(200)).body).toMatchObject({ added: 1, feedTitle: "Old" });
    expect((await admin.get("/api/settings/rss_url")).body.value).toBe(host.url("/moving.xml"));
    expect((await status()).move).toEqual({ url: host.url("/moved.xml"), problem: null });
    await admin.post("/api/feed/move").send({}).expect(200);
    expect((await sync().expect(200)).body).toMatchObject({ added: 1, feedTitle: "Test Show" });
    expect((await status()).move).toBeNull();
  });

  it("when the new address fails, then what was read is imported, the problem is shown, the move cannot be taken, and it is asked again at each sync until it works", async () => {
    host.routes.set("/moving.xml", {
      body: feedXml(ITEMS.slice(0, 2), `<title>Old</title><itunes:new-feed-url>${host.url("/gone.xml")}</itunes:new-feed-url>`),
    });
    await setFeedUrl(admin, host.url("/moving.xml"));
    expect((await sync().expect(200)).body).toMatchObject({ added: 2 });
    expect(await titles()).toEqual(["Three", "Two"]);
    expect((await status()).move).toEqual({ url: host.url("/gone.xml"), problem: "the host answered 404 Not Found" });
    const refused = await admin.post("/api/feed/move").send({}).expect(422);
    expect(refused.body.message).toBe("The new address does not work yet: the host answered 404 Not Found");
    expect((await admin.get("/api/settings/rss_url")).body.value).toBe(host.url("/moving.xml"));

    host.routes.set("/gone.xml", { body: "<html><body>Not a feed</body></html>", headers: { "Content-Type": "text/html" } });
    await sync().expect(200);
    expect((await status()).move.problem).toMatch(/web page/);
    host.routes.set("/gone.xml", { body: feedXml(ITEMS.slice(0, 2)) });
    await sync().expect(200);
    expect((await status()).move).toEqual({ url: host.url("/gone.xml"), problem: null });
  });

  it("when there is no move, then taking one is 404", async () => {
    await useFeed(ITEMS.slice(0, 1));
    await sync().expect(200);
    await admin.post("/api/feed/move").send({}).expect(404);
  });
});

describe("feeds from the real world", () => {
  it("when a feed repeats a guid, then the first item is imported and the later one skipped, named with the reason", async () => {
    await useFeed([
      { title: "First", guid: "same", audio: "https://cdn.example/same.mp3" },
      { title: "Again", guid: "same", audio: "https://cdn.example/same.mp3" },
    ]);
    const res = await sync().expect(200);
    expect(res.body).toMatchObject({
      added: 1,
      skipped: [{ title: "Again", reason: 'it repeats the guid "same" of an earlier item ("First")' }],
    });
    expect(await titles()).toEqual(["First"]);
  });

  it("when every enclosure goes through one tracking prefix and a new item arrives, then it is added and nothing else changes", async () => {
    const podtrac = (n: number) => `http://www.podtrac.com/pts/redirect.mp3?http://taverncast.com/shows/taverncast-${n}.mp3`;
    const show = (n: number): TestItem => ({
      title: `Taverncast ${n}`,
      guid: `tc-${n}`,
      audio: podtrac(n),
      date: new Date(Date.UTC(2010, 0, n)).toUTCString(),
    });
    const old = [62, 61, 60, 59].map(show);
    await useFeed(old);
    await sync().expect(200);
    host.routes.set("/feed.xml", { body: feedXml([show(63), ...old]) });
    const res = await sync().expect(200);
    expect(res.body).toMatchObject({ added: 1, updated: 0, unchanged: 4, skipped: [] });
    expect(await titles()).toEqual(["Taverncast 63", "Taverncast 62", "Taverncast 61", "Taverncast 60", "Taverncast 59"]);
  });

  it("when a new item's audio address differs from an older one's only by its query, then both are kept as their guids say", async () => {
    await useFeed([{ title: "Old", guid: "ra-1", audio: "https://cdn.example/ep.mp3?v=1" }]);
    await sync().expect(200);
    host.routes.set("/feed.xml", {
      body: feedXml([
        { title: "New", guid: "ra-2", audio: "https://cdn.example/ep.mp3?v=999" },
        { title: "Old", guid: "ra-1", audio: "https://cdn.example/ep.mp3?v=1" },
      ]),
    });
    expect((await sync().expect(200)).body).toMatchObject({ added: 1, updated: 0, skipped: [] });
    expect((await titles()).sort()).toEqual(["New", "Old"]);
  });

  it("when the database refuses one item, then only that item is skipped, named with the reason, and the others are imported", async () => {
    // A fault of the database itself, which no plan can foresee: rows titled "Poison" are refused.
    await t.db.database.pool.query(`
      CREATE FUNCTION refuse_poison() RETURNS trigger AS $$
      BEGIN IF NEW.title = 'Poison' THEN RAISE EXCEPTION 'refused' USING ERRCODE = '23514'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER refuse_poison BEFORE INSERT OR UPDATE ON episodes FOR EACH ROW EXECUTE FUNCTION refuse_poison();`);
    await useFeed([{ title: "Fresh" }, { title: "Poison" }, { title: "Kept" }]);
    const res = await sync().expect(200);
    expect(res.body).toMatchObject({ added: 2, skipped: [{ title: "Poison", reason: "it could not be saved (database code 23514)" }] });
    expect((await titles()).sort()).toEqual(["Fresh", "Kept"]);
  });
});

describe("a feed that cannot be read", () => {
  const refusals: [string, () => Promise<void>, RegExp][] = [
    [
      "a web page",
      async () =>
        void host.routes.set("/page", { body: "<!DOCTYPE html><html><body>Hi</body></html>", headers: { "Content-Type": "text/html" } }),
      /web page/,
    ],
    [
      "malformed XML",
      async () => void host.routes.set("/page", { body: '<?xml version="1.0"?><rss><channel><title>x</title><item></rss>' }),
      /not well-formed XML/,
    ],
    ["a 404", async () => undefined, /could not be read: the host answered 404 Not Found/],
    [
      "too big",
      async () =>
        void host.routes.set("/page", {
          body: feedXml(Array.from({ length: 800 }, (_, i) => ({ title: `Episode ${i}`, notes: "x".repeat(200) }))),
        }),
      /larger than/,
    ],
    ["too slow", async () => void host.routes.set("/page", { hang: true }), /did not answer within 1 seconds?/],
  ];

  for (const [what, arrange, message] of refusals) {
    it(`when the feed is ${what}, then the sync is refused with 422 saying why, and no episode changes`, async () => {
      await useFeed(ITEMS.slice(0, 1));
      await sync().expect(200);
      const before = (await admin.get("/api/episodes")).body;
      host.routes.delete("/page");
      await arrange();
      await setFeedUrl(admin, host.url("/page"));
      const res = await sync().expect(422);
      expect(res.body.message).toMatch(message);
      expect((await admin.get("/api/episodes")).body).toEqual(before);
      expect((await admin.get("/api/feed/status").expect(200)).body.lastError).toBe(res.body.message);
    });
  }

  it("when no feed address is set, then the sync is refused with 400", async () => {
    expect((await sync().expect(400)).body.message).toMatch(/set the Main RSS Feed URL first/);
  });

  it("when a visitor asks to sync or for the status, then 401", async () => {
    await t.request.post("/api/feed/sync").set("Origin", "http://localhost:5000").send({}).expect(401);
    await t.request.get("/api/feed/status").expect(401);
  });
});

describe("addresses the site never reads", () => {
  for (const spelling of ["127.0.0.1", "localhost", "[::ffff:127.0.0.1]", "2130706433", "0x7f.0.0.1"]) {
    it(`when the feed is on loopback as ${spelling}, then it is refused before any connection, with 422`, async () => {
      const strict = await createTestApp({
        config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: false },
      });
      try {
        const agent = await strict.admin();
        host.routes.set("/feed.xml", { body: feedXml(ITEMS) });
        await agent
          .post("/api/settings")
          .send({ key: "rss_url", value: `http://${spelling}:${host.port}/feed.xml` })
          .expect(200);
        const res = await agent.post("/api/feed/sync").send({}).expect(422);
        expect(res.body.message).toMatch(/private or local network/);
        expect(host.requests).toHaveLength(0);
        expect((await agent.get("/api/episodes")).body).toEqual([]);
      } finally {
        await strict.close();
      }
    });
  }

  for (const address of ["169.254.169.254", "10.0.0.1"]) {
    it(`when the feed is at ${address}, then it is refused with 422`, async () => {
      const strict = await createTestApp({
        config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: false },
      });
      try {
        const agent = await strict.admin();
        await agent
          .post("/api/settings")
          .send({ key: "rss_url", value: `http://${address}/feed.xml` })
          .expect(200);
        expect((await agent.post("/api/feed/sync").send({}).expect(422)).body.message).toMatch(/private or local network/);
      } finally {
        await strict.close();
      }
    });
  }
});

describe("the schedule and the status", () => {
  it("when two instances ask for the scheduled sync at once, then exactly one runs it in the period", async () => {
    await useFeed(ITEMS.slice(0, 2));
    const second = t.restart();
    const results = await Promise.all([t.app.feed.syncIfDue(), second.feed.syncIfDue()]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await second.feed.syncIfDue()).toBeNull();
    expect(await episodeCount()).toBe(2);
    expect(host.requests.filter((r) => r.path === "/feed.xml")).toHaveLength(1);
  });

  it("when a sync has run, then the status shows the address, when, what it did and when the next one is due", async () => {
    await useFeed(ITEMS.slice(0, 2));
    const result = (await sync().expect(200)).body;
    const status = (await admin.get("/api/feed/status").expect(200)).body;
    expect(status).toMatchObject({ url: host.url("/feed.xml"), lastResult: result, lastError: null });
    const last = Date.parse(status.lastSyncAt);
    expect(Date.parse(status.nextSyncAt) - last).toBeGreaterThan(59 * 60_000);
  });
});
