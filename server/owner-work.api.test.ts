import type supertest from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { feedXml, setFeedUrl, type TestItem, useFeedServer } from "./test/feed-server";
import { createTestApp, postEpisode, type TestApp } from "./test/harness";

const host = useFeedServer();
let t: TestApp;
let admin: supertest.Agent;
beforeEach(async () => {
  t = await createTestApp({ config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: true } });
  admin = await t.admin();
});
afterEach(() => t.close());

const episodes = async () =>
  (await admin.get("/api/episodes").expect(200)).body as {
    id: number;
    title: string;
    isPublished: boolean;
    version: number;
    source: string;
  }[];
const useFeed = async (items: TestItem[], path = "/feed.xml") => {
  host.routes.set(path, { body: feedXml(items) });
  await setFeedUrl(admin, host.url(path));
};
const sync = () => admin.post("/api/feed/sync").send({}).expect(200);
const bulk = (ids: number[], action: string) => admin.post("/api/episodes/bulk").send({ ids, action });
const many = (n: number, prefix = "Ep") =>
  Array.from({ length: n }, (_, i) => ({ title: `${prefix} ${i + 1}`, date: new Date(Date.UTC(2020, 0, 1 + i)).toUTCString() }));

describe("episodes in bulk", () => {
  it("when many episodes are published, unpublished or deleted at once, then all change in one action and the count says how many", async () => {
    await useFeed(many(30));
    await sync();
    const ids = (await episodes()).map((e) => e.id);
    expect((await bulk(ids, "publish").expect(200)).body).toEqual({ count: 30 });
    expect((await t.request.get("/api/episodes").expect(200)).body).toHaveLength(30);
    expect((await bulk(ids.slice(0, 10), "unpublish").expect(200)).body).toEqual({ count: 10 });
    expect((await t.request.get("/api/episodes").expect(200)).body).toHaveLength(20);
    expect((await bulk(ids.slice(0, 5), "delete").expect(200)).body).toEqual({ count: 5 });
    expect(await episodes()).toHaveLength(25);
  });

  it("when one of the ids names no episode, then 404 and nothing changes, all or nothing", async () => {
    await useFeed(many(3));
    await sync();
    const ids = (await episodes()).map((e) => e.id);
    const refused = await bulk([...ids, 999_999], "publish").expect(404);
    expect(refused.body.message).toBe("No episode has the id 999999; nothing was changed");
    expect((await episodes()).every((e) => !e.isPublished)).toBe(true);
    await bulk([...ids, 999_999], "delete").expect(404);
    expect(await episodes()).toHaveLength(3);
  });

  it("when the bulk body is wrong, then 400; a visitor gets 401", async () => {
    for (const body of [
      {},
      { ids: [], action: "publish" },
      { ids: [1], action: "archive" },
      { ids: ["x"], action: "delete" },
      { ids: [1], action: "delete", extra: 1 },
    ]) {
      await admin.post("/api/episodes/bulk").send(body).expect(400);
    }
    await t.request
      .post("/api/episodes/bulk")
      .set("Origin", "http://localhost:5000")
      .send({ ids: [1], action: "delete" })
      .expect(401);
  });

  it("when the admin's screen is searched and filtered, then a page of matches comes with every matching id and the seasons", async () => {
    const items: TestItem[] = [
      ...many(60),
      { title: "Sèries de tardor", extra: "<itunes:season>2</itunes:season>" },
      { title: "Hand made", notes: "about the series" },
    ];
    await useFeed(items);
    await sync();
    const first = (await admin.get("/api/episodes/admin").expect(200)).body;
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 62, seasons: [2] });
    expect(first.episodes).toHaveLength(50);
    expect(first.matchingIds).toHaveLength(62);
    const found = (await admin.get("/api/episodes/admin?q=series").expect(200)).body;
    expect(found.episodes.map((e: { title: string }) => e.title).sort()).toEqual(["Hand made", "Sèries de tardor"]);
    expect((await admin.get("/api/episodes/admin?season=2").expect(200)).body.total).toBe(1);
    await bulk(found.matchingIds, "publish").expect(200);
    expect((await admin.get("/api/episodes/admin?status=published").expect(200)).body.total).toBe(2);
    expect((await admin.get("/api/episodes/admin?status=draft&source=feed").expect(200)).body.total).toBe(60);
    expect((await admin.get("/api/episodes/admin?source=manual").expect(200)).body.total).toBe(0);
    await admin.get("/api/episodes/admin?status=maybe").expect(400);
    await t.request.get("/api/episodes/admin").expect(401);
  });
});

describe("deleted stays deleted", () => {
  it("when a feed episode is deleted, then no sync brings it back; restored, the next sync does", async () => {
    await useFeed(many(3));
    await sync();
    const gone = (await episodes()).find((e) => e.title === "Ep 2")!;
    await admin.delete(`/api/episodes/${gone.id}`).expect(204);
    // A changed feed too: the deleted item is left out, whatever else changes.
    host.routes.set("/feed.xml", { body: feedXml([...many(3), { title: "Ep 4" }]) });
    expect((await sync()).body).toMatchObject({ added: 1 });
    expect((await episodes()).map((e) => e.title).sort()).toEqual(["Ep 1", "Ep 3", "Ep 4"]);
    const deleted = (await admin.get("/api/feed/deleted").expect(200)).body;
    expect(deleted).toEqual([{ id: expect.any(Number), title: "Ep 2", publishedAt: expect.any(String), deletedAt: expect.any(String) }]);
    const restored = (await admin.post(`/api/feed/deleted/${deleted[0].id}/restore`).send({}).expect(200)).body;
    expect(restored.sync).toMatchObject({ added: 1 });
    expect((await episodes()).map((e) => e.title).sort()).toEqual(["Ep 1", "Ep 2", "Ep 3", "Ep 4"]);
    expect((await admin.get("/api/feed/deleted").expect(200)).body).toEqual([]);
    await admin.post(`/api/feed/deleted/${deleted[0].id}/restore`).send({}).expect(404);
  });

  it("when episodes are deleted in bulk, then they stay deleted too; one typed in by hand leaves nothing to restore", async () => {
    await useFeed(many(4));
    await sync();
    await postEpisode(admin, { title: "Mine", audioUrl: "https://cdn.example/mine.mp3" });
    const ids = (await episodes()).filter((e) => e.title !== "Ep 4").map((e) => e.id);
    await bulk(ids, "delete").expect(200);
    // Changed bytes, so the sync reads the feed again rather than skipping an unchanged one.
    host.routes.set("/feed.xml", { body: feedXml([...many(4), { title: "Ep 5" }]) });
    expect((await sync()).body).toMatchObject({ added: 1 });
    expect((await episodes()).map((e) => e.title).sort()).toEqual(["Ep 4", "Ep 5"]);
    expect((await admin.get("/api/feed/deleted").expect(200)).body.map((d: { title: string }) => d.title).sort()).toEqual([
      "Ep 1",
      "Ep 2",
      "Ep 3",
    ]);
  });

  it("when the list of deleted episodes is asked for by a visitor, or a restore names no number, then 401 and 400", async () => {
    await t.request.get("/api/feed/deleted").expect(401);
    await admin.post("/api/feed/deleted/abc/restore").send({}).expect(400);
  });
});

describe("changing the feed to another show", () => {
  it("when the new feed has been synced, then the previous show's episodes are counted and can be removed, never the owner's own", async () => {
    await useFeed(many(3, "Old show"), "/old.xml");
    await sync();
    await postEpisode(admin, { title: "Mine", audioUrl: "https://cdn.example/mine.mp3" });
    await useFeed(many(2, "New show"), "/new.xml");
    expect((await admin.get("/api/feed/status").expect(200)).body).toMatchObject({ neverSynced: true, previousFeedEpisodes: 0 });
    await sync();
    expect((await admin.get("/api/feed/status").expect(200)).body).toMatchObject({ neverSynced: false, previousFeedEpisodes: 3 });
    expect((await admin.post("/api/feed/previous-episodes/delete").send({}).expect(200)).body).toEqual({ count: 3 });
    expect((await episodes()).map((e) => e.title).sort()).toEqual(["Mine", "New show 1", "New show 2"]);
    // Not remembered as deleted: going back to the old show brings them again.
    await useFeed(many(3, "Old show"), "/old.xml");
    expect((await sync()).body).toMatchObject({ added: 3 });
  });

  it("when the show's feed only moved (its items are the same), then nothing is another show's", async () => {
    await useFeed(many(3), "/a.xml");
    await sync();
    await useFeed(many(3), "/b.xml");
    await sync();
    expect((await admin.get("/api/feed/status").expect(200)).body.previousFeedEpisodes).toBe(0);
  });
});

describe("search without accents", () => {
  const search = async (q: string) =>
    ((await t.request.get(`/api/episodes/archive?q=${encodeURIComponent(q)}`).expect(200)).body.episodes as { title: string }[]).map(
      (e) => e.title,
    );

  it("when the visitor types without accents, in another case or only the start of a word, then Catalan, Greek and English titles are found", async () => {
    for (const title of ["Sèries de tardor", "Η Ιστορία της Αθήνας", "Learning about pain", "Something else"]) {
      await postEpisode(admin, { title, audioUrl: `https://cdn.example/${encodeURIComponent(title)}.mp3` });
    }
    expect(await search("series")).toEqual(["Sèries de tardor"]);
    expect(await search("SERIES TARDOR")).toEqual(["Sèries de tardor"]);
    expect(await search("ιστορια")).toEqual(["Η Ιστορία της Αθήνας"]);
    expect(await search("Αθηνα")).toEqual(["Η Ιστορία της Αθήνας"]);
    expect(await search("lear")).toEqual(["Learning about pain"]);
    expect(await search("learn")).toEqual(["Learning about pain"]);
    expect(await search("&|!:*()")).toEqual([]);
  });
});
