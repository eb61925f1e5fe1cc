// An episode's address and search fields, the owner's (docs/product.md "Listening"): its slug
// (the clips' rules: the pattern, 409 on a clash, the old address 301) and its meta description
// (at most 160 characters, in the page's head), which a feed sync leaves alone.
import fs from "node:fs";
import type supertest from "supertest";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFakeClient } from "../../test/fake-client";
import { feedXml, setFeedUrl, useFeedServer } from "../../test/feed-server";
import { createTestApp, postClip, postEpisode, type TestApp, YOUTUBE } from "../../test/harness";

const host = useFeedServer();
const clientDir = createFakeClient();
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
let t: TestApp;
let admin: supertest.Agent;
beforeEach(async () => {
  t = await createTestApp({
    config: { publicUrl: "http://show.example", env: "test", trustProxy: undefined, feedAllowPrivate: true, feedSyncMinutes: 0 },
    feedFetchLimits: { timeoutMs: 1_000 },
    clientDir,
  });
  admin = await t.admin();
});
afterEach(() => t.close());

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const addEpisode = (title: string, extra: Record<string, unknown> = {}) =>
  postEpisode(admin, { title, audioUrl: "https://cdn.example/a.mp3", description: "What the episode is about.", ...extra });
const stored = (slug: string) => admin.get(`/api/episodes/slug/${slug}`).expect(200);

describe("an episode's address", () => {
  it("when the owner saves a new slug, then the old address answers 301 with the new page, which answers 200", async () => {
    const episode = await addEpisode("Knees and stairs");
    expect(episode.slug).toBe("knees-and-stairs");
    const saved = await admin.put(`/api/episodes/${episode.id}`).send({ slug: "knees", version: episode.version }).expect(200);
    expect(saved.body).toMatchObject({ slug: "knees", version: episode.version + 1 });
    expect((await t.request.get("/episode/knees-and-stairs").expect(301)).headers.location).toBe("/episode/knees");
    const page = await t.request.get("/episode/knees").expect(200);
    expect(headOf(page.text)).toContain('<link rel="canonical" href="http://show.example/episode/knees" />');
  });

  it("when the slug asked for is another episode's, then 409 on the slug field, and nothing changes", async () => {
    await addEpisode("First");
    const second = await addEpisode("Second");
    const res = await admin.put(`/api/episodes/${second.id}`).send({ slug: "first", title: "Second, renamed" }).expect(409);
    expect(res.body).toMatchObject({ code: "CONFLICT", errors: [{ path: "slug", message: expect.any(String) }] });
    expect(res.body.message).toMatch(/first/);
    expect((await stored("second")).body).toMatchObject({ title: "Second", version: second.version });
  });

  it("when the slug is not lowercase letters and digits joined by single hyphens, then 400 on the slug field, and nothing changes", async () => {
    const episode = await addEpisode("Shoulders");
    for (const slug of ["Shoulders", "two  words", "a--b", "-a", "a-", "ça-va", "a/b", "x".repeat(121)]) {
      const res = await admin.put(`/api/episodes/${episode.id}`).send({ slug }).expect(400);
      expect(res.body.errors, slug).toEqual([{ path: "slug", message: expect.any(String) }]);
    }
    expect((await stored("shoulders")).body).toMatchObject({ slug: "shoulders", version: episode.version });
    await t.request.get("/episode/shoulders").expect(200);
  });
});

describe("an episode's meta description", () => {
  it("when it is 160 characters, then it is kept; 161 is 400 on the field and changes nothing", async () => {
    const episode = await addEpisode("Sleep");
    expect(episode.metaDescription).toBe("");
    const long = await admin
      .put(`/api/episodes/${episode.id}`)
      .send({ metaDescription: "m".repeat(161) })
      .expect(400);
    expect(long.body.errors).toEqual([{ path: "metaDescription", message: expect.any(String) }]);
    expect((await stored("sleep")).body).toMatchObject({ metaDescription: "", version: episode.version });
    const saved = await admin
      .put(`/api/episodes/${episode.id}`)
      .send({ metaDescription: `  ${"m".repeat(160)}  ` })
      .expect(200);
    expect(saved.body.metaDescription).toBe("m".repeat(160));
    // Every answer carries it: the admin's list, a visitor's episode and the archive.
    const list = (await admin.get("/api/episodes").expect(200)).body as { id: number; metaDescription: string }[];
    expect(list.find((e) => e.id === episode.id)?.metaDescription).toBe("m".repeat(160));
    expect((await t.request.get("/api/episodes/slug/sleep").expect(200)).body.metaDescription).toBe("m".repeat(160));
    const created = await addEpisode("Made with one", { metaDescription: "Said at once." });
    expect(created.metaDescription).toBe("Said at once.");
  });

  it("when it is set, then the page's head says it (description, Open Graph, Twitter, JSON-LD); when emptied, the episode's description again", async () => {
    const episode = await addEpisode("Running", { description: "A long talk about running & knees." });
    const before = headOf((await t.request.get("/episode/running").expect(200)).text);
    expect(before).toContain('<meta name="description" content="A long talk about running &amp; knees." />');

    await admin.put(`/api/episodes/${episode.id}`).send({ metaDescription: "Why runners' knees <hurt>, & what helps." }).expect(200);
    const head = headOf((await t.request.get("/episode/running").expect(200)).text);
    const said = "Why runners&#39; knees &lt;hurt&gt;, &amp; what helps.";
    expect(head).toContain(`<meta name="description" content="${said}" />`);
    expect(head).toContain(`<meta property="og:description" content="${said}" />`);
    expect(head).toContain(`<meta name="twitter:description" content="${said}" />`);
    expect(head).not.toContain("A long talk about running");
    expect(head).toContain(String.raw`"description":"Why runners' knees \u003churt\u003e, \u0026 what helps."`);

    await admin.put(`/api/episodes/${episode.id}`).send({ metaDescription: "" }).expect(200);
    expect(headOf((await t.request.get("/episode/running").expect(200)).text)).toContain(
      '<meta name="description" content="A long talk about running &amp; knees." />',
    );
  });

  it("when the feed is synced again with new words, then the owner's meta description and slug stay as they set them", async () => {
    const item = (notes: string) => feedXml([{ title: "From the feed", guid: "f1", notes }]);
    host.routes.set("/feed.xml", { body: item("First words.") });
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    const episode = (await stored("from-the-feed")).body;
    expect(episode.metaDescription).toBe("");
    await admin
      .put(`/api/episodes/${episode.id}`)
      .send({ metaDescription: "The owner's summary.", slug: "owners-address", isPublished: true })
      .expect(200);

    host.routes.set("/feed.xml", { body: item("Second words, changed by the host.") });
    const sync = (await admin.post("/api/feed/sync").send({}).expect(200)).body;
    expect(sync.updated).toBe(1);
    const after = (await stored("owners-address")).body;
    expect(after).toMatchObject({ metaDescription: "The owner's summary.", slug: "owners-address" });
    expect(after.description).toMatch(/Second words/);
    expect(headOf((await t.request.get("/episode/owners-address").expect(200)).text)).toContain(
      '<meta name="description" content="The owner&#39;s summary." />',
    );
  });

  it("when a clip's meta description is set, then its page's head still says it (the same rule)", async () => {
    const clip = await postClip(admin, { title: "A clip", youtubeEmbedUrl: YOUTUBE(), description: "Clip words." });
    await admin.put(`/api/clips/${clip.id}`).send({ metaDescription: "Clip search words." }).expect(200);
    expect(headOf((await t.request.get("/clips/a-clip").expect(200)).text)).toContain(
      '<meta name="description" content="Clip search words." />',
    );
  });
});
