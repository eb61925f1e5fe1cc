// Longer than 200 lines: the listening contract through HTTP (people and their pages, support and
// recommended shows, the trailer, seasons, links to a moment, old slugs, the feed in every head),
// all on the one feed host, feed and built client set up below.
import fs from "node:fs";
import sharp from "sharp";
import type supertest from "supertest";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createFakeClient } from "../../test/fake-client";
import { feedXml, setFeedUrl, type TestItem, useFeedServer } from "../../test/feed-server";
import { createTestApp, postClip, postEpisode, SPOTIFY, type TestApp, YOUTUBE } from "../../test/harness";

const host = useFeedServer();
const clientDir = createFakeClient();
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
let t: TestApp;
let admin: supertest.Agent;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
});
beforeEach(async () => {
  t = await createTestApp({
    config: { publicUrl: "http://show.example", env: "test", trustProxy: undefined, feedAllowPrivate: true, feedSyncMinutes: 0 },
    feedFetchLimits: { timeoutMs: 1_000, maxBytes: 2_000_000 },
    clientDir,
  });
  admin = await t.admin();
});
afterEach(() => t.close());

const person = (attrs: string, name: string) => `<podcast:person ${attrs}>${name}</podcast:person>`;
const CHANNEL = () =>
  [
    "<title>Listening Show</title>",
    person(`role="host" img="${host.url("/ana.png")}" href="https://ana.example/"`, "Ana Host"),
    '<podcast:funding url="https://pay.example/show">Back the show</podcast:funding>',
    '<podcast:funding url="javascript:alert(1)">Bad</podcast:funding>',
    '<podcast:podroll><podcast:remoteItem feedGuid="g-1" feedUrl="https://other.example/feed.xml" title="Other Show"/></podcast:podroll>',
  ].join("");
const ITEMS = (): TestItem[] => [
  {
    title: "Guest Day",
    date: "Wed, 03 Jan 2024 10:00:00 GMT",
    extra: [
      "<itunes:season>2</itunes:season><itunes:episode>5</itunes:episode>",
      person(`role="guest" img="${host.url("/not-a-picture.png")}"`, "Bo Guest"),
      person('role="host"', "Ana Host"),
      person('role="guest"', " "),
      '<podcast:socialInteract protocol="activitypub" uri="https://social.example/@show/1"/>',
      `<podcast:chapters url="${host.url("/chapters.json")}" type="application/json+chapters"/>`,
    ].join(""),
  },
  { title: "Solo Day", date: "Tue, 02 Jan 2024 10:00:00 GMT", extra: "<itunes:season>1</itunes:season>" },
  {
    title: "Old Trailer",
    date: "Sun, 01 Jan 2023 10:00:00 GMT",
    extra: `<itunes:episodeType>trailer</itunes:episodeType><podcast:chapters url="${host.url("/huge.json")}" type="application/json+chapters"/>`,
  },
  {
    title: "Season Two Trailer",
    date: "Mon, 01 Jan 2024 10:00:00 GMT",
    extra: `<itunes:episodeType>trailer</itunes:episodeType><itunes:season>2</itunes:season><podcast:chapters url="${host.url("/broken.json")}" type="application/json+chapters"/>`,
  },
];

/** The feed on the loopback host with its pictures and chapter files; synced, published, with its files fetched. */
async function syncShow(items = ITEMS(), channel = CHANNEL()) {
  host.routes.set("/feed.xml", { body: feedXml(items, channel) });
  host.routes.set("/ana.png", { body: png, headers: { "Content-Type": "image/png" } });
  host.routes.set("/chap.png", { body: png, headers: { "Content-Type": "image/png" } });
  host.routes.set("/not-a-picture.png", { body: "<html>nope</html>", headers: { "Content-Type": "image/png" } });
  host.routes.set("/chapters.json", {
    body: JSON.stringify({
      chapters: [
        { startTime: 0, title: "Hello", img: host.url("/chap.png") },
        { startTime: 60, title: "Gone picture", img: host.url("/missing.png"), url: "https://read.example/more" },
      ],
    }),
    headers: { "Content-Type": "application/json" },
  });
  host.routes.set("/huge.json", { body: `{"chapters":[${'{"startTime":1,"title":"x"},'.repeat(60_000)}]}` });
  host.routes.set("/broken.json", { body: '{"chapters": [' });
  await setFeedUrl(admin, host.url("/feed.xml"));
  await admin.post("/api/settings").send({ key: "feed_auto_publish", value: "true" }).expect(200);
  const result = await admin.post("/api/feed/sync").send({}).expect(200);
  await t.app.linkedFiles.idle();
  return result.body as { added: number; skipped: { title: string; reason: string }[] };
}

const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

describe("the feed's people", () => {
  it("when a feed names people, then each episode has its item's people, else the show's, with role, group, kept picture and link", async () => {
    const result = await syncShow();
    expect(result.added).toBe(4);
    expect(result.skipped).toEqual([
      { title: "Guest Day", reason: "a podcast:person tag without a name was left out" },
      { title: "Support link", reason: 'its address "javascript:alert(1)" is not an http or https address' },
    ]);
    const guestDay = (await t.request.get("/api/episodes/slug/guest-day").expect(200)).body;
    expect(guestDay.people).toEqual([
      { slug: "bo-guest", name: "Bo Guest", role: "guest", group: "cast", imagePath: null, href: null },
      {
        slug: "ana-host",
        name: "Ana Host",
        role: "host",
        group: "cast",
        imagePath: expect.stringMatching(/^\/objects\//),
        href: "https://ana.example/",
      },
    ]);
    expect(guestDay.discussionUrl).toBe("https://social.example/@show/1");
    const solo = (await t.request.get("/api/episodes/slug/solo-day").expect(200)).body;
    expect(solo.people.map((p: { name: string; role: string }) => `${p.name} (${p.role})`)).toEqual(["Ana Host (host)"]);
    expect(solo.discussionUrl).toBeNull();
    // The picture is the site's copy, in the photo sizes, never the feed's address.
    const picture = guestDay.people[1].imagePath as string;
    await t.request.get(`${picture}/photo-160.webp`).expect(200).expect("Content-Type", "image/webp");
    expect(JSON.stringify(guestDay)).not.toContain("/ana.png");
  });

  it("when a person's picture cannot be read or chapters files are huge or broken, then the sync stands and its result says so", async () => {
    await syncShow();
    const status = (await admin.get("/api/feed/status").expect(200)).body;
    const notes = status.lastResult.skipped.map((s: { title: string; reason: string }) => `${s.title}: ${s.reason}`);
    expect(notes).toEqual(
      expect.arrayContaining([
        "Picture of Bo Guest: the file is not an image",
        'Chapters of "Old Trailer": the file is larger than 1 MB',
        expect.stringMatching(/^Chapters of "Season Two Trailer": /),
        expect.stringMatching(/^Chapter picture of "Guest Day": /),
      ]),
    );
    expect(status.extras).toMatchObject({ chapters: 0, pictures: 0 });
    const guestDay = (await t.request.get("/api/episodes/slug/guest-day").expect(200)).body;
    expect(guestDay.chapters).toEqual([
      { start: 0, title: "Hello", url: null, image: expect.stringMatching(/^\/objects\//) },
      { start: 60, title: "Gone picture", url: "https://read.example/more", image: null },
    ]);
    expect((await t.request.get("/api/episodes/slug/old-trailer").expect(200)).body.chapters).toBeNull();
  });

  it("when a chapters file never answers, then the sync answers at once, the episode has no chapters yet and the file waits its turn", async () => {
    host.routes.set("/slow.json", { hang: true });
    const result = await syncShow(
      [{ title: "Slow", extra: `<podcast:chapters url="${host.url("/slow.json")}" type="application/json+chapters"/>` }],
      "<title>S</title>",
    );
    expect(result.added).toBe(1);
    expect((await t.request.get("/api/episodes/slug/slow").expect(200)).body.chapters).toBeNull();
    expect((await admin.get("/api/feed/status").expect(200)).body.extras).toMatchObject({ chapters: 1, failing: 1 });
  });

  it("when a person's page is asked for, then it has them, their roles and every published episode they are in, newest first; unknown is 404", async () => {
    await syncShow();
    // An episode the owner typed in is not the feed's: the show's people are not its people.
    await postEpisode(admin, { title: "Typed by hand", spotifyEmbedUrl: SPOTIFY() });
    expect((await t.request.get("/api/episodes/slug/typed-by-hand").expect(200)).body.people).toEqual([]);
    const ana = (await t.request.get("/api/people/slug/ana-host").expect(200)).body;
    expect(ana.person).toEqual({
      slug: "ana-host",
      name: "Ana Host",
      href: "https://ana.example/",
      imagePath: expect.any(String),
      roles: ["host"],
    });
    // Named by Guest Day's item; in the others as the show's host (their items name nobody).
    expect(ana.episodes.map((e: { title: string }) => e.title)).toEqual(["Guest Day", "Solo Day", "Season Two Trailer", "Old Trailer"]);
    const bo = (await t.request.get("/api/people/slug/bo-guest").expect(200)).body;
    expect(bo.episodes.map((e: { title: string }) => e.title)).toEqual(["Guest Day"]);
    for (const slug of ["nobody", "Ana-Host", "a%00b", "x".repeat(300)]) await t.request.get(`/api/people/slug/${slug}`).expect(404);
    // In drafts only: no page.
    const guestDay = (await admin.get("/api/episodes/slug/guest-day")).body;
    await admin.put(`/api/episodes/${guestDay.id}`).send({ isPublished: false }).expect(200);
    await t.request.get("/api/people/slug/bo-guest").expect(404);
    await t.request.get("/people/bo-guest").expect(404);
  });

  it("when a person's page is served, then the server fills its head with a JSON-LD Person and the page's data; it is in the sitemap", async () => {
    await syncShow();
    const res = await t.request.get("/people/ana-host").expect(200);
    const head = headOf(res.text);
    expect(head).toContain("<title>Ana Host · Listening Show</title>");
    expect(head).toContain('<link rel="canonical" href="http://show.example/people/ana-host" />');
    expect(jsonLdOf(res.text)).toMatchObject({
      "@type": "Person",
      name: "Ana Host",
      url: "http://show.example/people/ana-host",
      sameAs: ["https://ana.example/"],
      image: expect.stringMatching(/^http:\/\/show\.example\/objects\/.*\/photo-480\.jpeg$/),
    });
    expect(res.text).toContain('"person":{"person":{"slug":"ana-host"');
    const missing = await t.request.get("/people/nobody").expect(404);
    expect(missing.text).toContain('"missingPersonSlug":"nobody"');
    const sitemap = (await t.request.get("/sitemap.xml").expect(200)).text;
    expect(sitemap).toContain("<loc>http://show.example/people/ana-host</loc>");
    expect(sitemap).toContain("<loc>http://show.example/people/bo-guest</loc>");
  });

  it("when an item names 1,204 people, then the sync keeps 50 and says so, and their pages work", async () => {
    const crowd = Array.from({ length: 1_204 }, (_, i) => person('role="guest"', `Guest ${i}`)).join("");
    const result = await syncShow([{ title: "Crowd", extra: crowd }], "<title>Crowd Show</title>");
    expect(result.skipped).toEqual([{ title: "Crowd", reason: "it names more than 50 people: 1154 more were left out" }]);
    expect((await t.request.get("/api/episodes/slug/crowd").expect(200)).body.people).toHaveLength(50);
    await t.request.get("/api/people/slug/guest-49").expect(200);
    await t.request.get("/api/people/slug/guest-50").expect(404);
  });
});

describe("the show's support, recommended shows, trailer and seasons", () => {
  it("when the feed has support links and a podroll, then every page's data carries them; the newest trailer leads the home data", async () => {
    await syncShow();
    expect((await t.request.get("/api/identity").expect(200)).body.links).toEqual({
      funding: [{ url: "https://pay.example/show", label: "Back the show" }],
      podroll: [{ url: "https://other.example/feed.xml", title: "Other Show" }],
    });
    expect((await t.request.get("/api/episodes/latest").expect(200)).body.trailer).toMatchObject({ title: "Season Two Trailer" });
  });

  it("when the archive is narrowed to a season, then it lists that season's episodes and the seasons there are; an unknown season is a 404 page", async () => {
    await syncShow();
    const two = (await t.request.get("/api/episodes/archive?season=2").expect(200)).body;
    expect(two.episodes.map((e: { title: string }) => e.title)).toEqual(["Guest Day", "Season Two Trailer"]);
    expect(two).toMatchObject({ season: 2, seasons: [1, 2], total: 2 });
    await t.request.get("/api/episodes/archive?season=x").expect(400);
    const page = await t.request.get("/archive?season=2").expect(200);
    expect(headOf(page.text)).toContain("<title>Season 2 · Listening Show</title>");
    await t.request.get("/archive?season=7").expect(404);
    expect((await t.request.get("/archive?page=1&season=2").expect(301)).headers.location).toBe("/archive?season=2");
  });

  it("when rss_url is set, then every page's head names the feed; without it, none does", async () => {
    for (const path of ["/", "/about", "/listen", "/archive", "/nope", "/admin"]) {
      expect(headOf((await t.request.get(path)).text), path).not.toContain('type="application/rss+xml"');
    }
    await admin.post("/api/settings").send({ key: "podcast_title", value: "Pain & Learning" }).expect(200);
    await admin.post("/api/settings").send({ key: "rss_url", value: "https://feeds.example.com/show.xml?a=1&b=2" }).expect(200);
    for (const path of ["/", "/about", "/listen", "/archive", "/nope", "/admin"]) {
      expect(headOf((await t.request.get(path)).text), path).toContain(
        '<link rel="alternate" type="application/rss+xml" title="Pain &amp; Learning" href="https://feeds.example.com/show.xml?a=1&amp;b=2" />',
      );
    }
  });
});

describe("links to a moment and addresses that never break", () => {
  const addEpisode = async (title: string, slug?: string) =>
    (await postEpisode(admin, { title, audioUrl: "https://cdn.example/a.mp3", ...(slug ? { slug } : {}) })) as {
      id: number;
      slug: string;
    };

  it("when an episode's page is asked for at a moment in any form, then it is that page; a bad moment is sent to the page", async () => {
    await addEpisode("The ache");
    for (const t_ of ["75", "75.5", "1:15", "1:02:03", "npt:75", "npt:1:02:03,1:03:00", "10,20", ",20", "1%3A02%3A03"]) {
      const res = await t.request.get(`/episode/the-ache?t=${t_}`).expect(200);
      expect(headOf(res.text), t_).toContain('<link rel="canonical" href="http://show.example/episode/the-ache" />');
    }
    for (const bad of ["abc", "-5", "1:60", "1,2,3", "", "75&t=80", "75&x=1"]) {
      expect((await t.request.get(`/episode/the-ache?t=${bad}`).expect(301)).headers.location, bad).toBe("/episode/the-ache");
    }
  });

  it("when the admin changes an episode's or a clip's slug, then the old page answers 301 with the new one, a moment kept; the API's old slug is 404", async () => {
    const episode = await addEpisode("The ache");
    await admin.put(`/api/episodes/${episode.id}`).send({ slug: "the-long-ache" }).expect(200);
    expect((await t.request.get("/episode/the-ache").expect(301)).headers.location).toBe("/episode/the-long-ache");
    expect((await t.request.get("/episode/the-ache?t=1:15").expect(301)).headers.location).toBe("/episode/the-long-ache?t=1:15");
    await t.request.get("/episode/the-long-ache").expect(200);
    await t.request.get("/api/episodes/slug/the-ache").expect(404);
    // Renamed twice: both old addresses lead to it.
    await admin.put(`/api/episodes/${episode.id}`).send({ slug: "ache-3" }).expect(200);
    expect((await t.request.get("/episode/the-ache").expect(301)).headers.location).toBe("/episode/ache-3");
    expect((await t.request.get("/episode/the-long-ache").expect(301)).headers.location).toBe("/episode/ache-3");

    const clip = await postClip(admin, { title: "Why pain", youtubeEmbedUrl: YOUTUBE() });
    await admin.put(`/api/clips/${clip.id}`).send({ slug: "why-pain-matters" }).expect(200);
    expect((await t.request.get("/clips/why-pain").expect(301)).headers.location).toBe("/clips/why-pain-matters");
  });

  it("when another item takes an old slug, then the old address is that item's page, and stays so after it is gone", async () => {
    const first = await addEpisode("The ache");
    await admin.put(`/api/episodes/${first.id}`).send({ slug: "the-long-ache" }).expect(200);
    const second = await addEpisode("Another ache", "the-ache");
    const page = await t.request.get("/episode/the-ache").expect(200);
    expect(page.text).toContain('"title":"Another ache"');
    await admin.delete(`/api/episodes/${second.id}`).expect(204);
    await t.request.get("/episode/the-ache").expect(404);
    // A clip renamed onto another clip's old slug: that slug is its own now.
    const a = await postClip(admin, { title: "A", slug: "a", youtubeEmbedUrl: YOUTUBE() });
    const b = await postClip(admin, { title: "B", slug: "b", youtubeEmbedUrl: YOUTUBE() });
    await admin.put(`/api/clips/${a.id}`).send({ slug: "a-2" }).expect(200);
    await admin.put(`/api/clips/${b.id}`).send({ slug: "a" }).expect(200);
    expect((await t.request.get("/clips/b").expect(301)).headers.location).toBe("/clips/a");
    await t.request.get("/clips/a").expect(200);
    await admin.put(`/api/clips/${b.id}`).send({ slug: "b-2" }).expect(200);
    expect((await t.request.get("/clips/a").expect(301)).headers.location).toBe("/clips/b-2");
  });

  it("when the item of an old slug is a draft, then the old address is a 404 like the item's own", async () => {
    const episode = await postEpisode(admin, { title: "Draft ache", spotifyEmbedUrl: SPOTIFY() });
    await admin.put(`/api/episodes/${episode.id}`).send({ slug: "draft-ache-2", isPublished: false }).expect(200);
    await t.request.get("/episode/draft-ache").expect(404);
  });

  it("when a feed sync adds an episode whose slug was another's old one, then the address is the new episode's", async () => {
    const episode = await addEpisode("Typed by hand", "guest-day");
    await admin.put(`/api/episodes/${episode.id}`).send({ slug: "typed-by-hand" }).expect(200);
    expect((await t.request.get("/episode/guest-day").expect(301)).headers.location).toBe("/episode/typed-by-hand");
    await syncShow([{ title: "Guest Day", audio: "https://cdn.example/other.mp3" }], "<title>S</title>");
    const page = await t.request.get("/episode/guest-day").expect(200);
    expect(page.text).toContain('"audioUrl":"https://cdn.example/other.mp3"');
    // Gone again, the address does not lead back to the episode typed by hand.
    const feedEpisode = (await admin.get("/api/episodes/slug/guest-day").expect(200)).body;
    await admin.delete(`/api/episodes/${feedEpisode.id}`).expect(204);
    await t.request.get("/episode/guest-day").expect(404);
  });
});
