import type supertest from "supertest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MATCH_END, MATCH_START } from "../../../shared/archive";
import { feedXml, setFeedUrl, useFeedServer } from "../../test/feed-server";
import { createTestApp, postClip, postEpisode, SPOTIFY, type TestApp } from "../../test/harness";

let t: TestApp;
let admin: supertest.Agent;
beforeEach(async () => {
  t = await createTestApp({
    config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: true },
    feedFetchLimits: { timeoutMs: 1_000 },
  });
  admin = await t.admin();
});
afterEach(() => t.close());

const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString();
async function addEpisode(n: number, extra: Record<string, unknown> = {}) {
  return postEpisode(admin, { title: `Episode ${n}`, audioUrl: `https://cdn.example/${n}.mp3`, publishedAt: day(n), ...extra });
}
const archive = (query: string) => t.request.get(`/api/episodes/archive${query}`);

describe("one episode by its slug", () => {
  it("when a visitor asks for a published episode, then it comes whole (notes, transcript, chapters); a draft or unknown slug is 404", async () => {
    await addEpisode(1, { showNotes: '<p>Notes <a href="https://x.example">link</a><img src=x onerror=alert(1)></p>' });
    await addEpisode(2, { isPublished: false });
    const res = await t.request.get("/api/episodes/slug/episode-1").expect(200);
    expect(res.body).toMatchObject({
      title: "Episode 1",
      showNotes: '<p>Notes <a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow ugc">link</a></p>',
      transcript: null,
      chapters: null,
    });
    expect(res.body).not.toHaveProperty("editedFields");
    await t.request.get("/api/episodes/slug/episode-2").expect(404);
    await t.request.get("/api/episodes/slug/no-such-episode").expect(404);
    await t.request.get("/api/episodes/slug/%00").expect(404);
    await admin.get("/api/episodes/slug/episode-2").expect(200);
  });

  it("when two episodes share a title, then the second gets its own slug; an asked-for slug in use is 409", async () => {
    await addEpisode(1);
    const again = await postEpisode(admin, { title: "Episode 1", spotifyEmbedUrl: SPOTIFY(1) });
    expect(again.slug).toBe("episode-1-2");
    await admin
      .post("/api/episodes")
      .send({ title: "Other", slug: "episode-1", spotifyEmbedUrl: SPOTIFY(2) })
      .expect(409);
  });

  it("when an episode has neither a Spotify nor an audio address, then it is refused, on create and on update", async () => {
    await admin.post("/api/episodes").send({ title: "Nothing to play" }).expect(400);
    const { id } = await addEpisode(1);
    const res = await admin.put(`/api/episodes/${id}`).send({ audioUrl: "" }).expect(400);
    expect(res.body.errors).toEqual([{ path: "audioUrl", message: expect.stringMatching(/Spotify embed URL is required/) }]);
  });
});

describe("the archive", () => {
  it("when there are 45 published episodes and a draft, then pages of 20 list them newest first, and the count says so", async () => {
    for (let n = 1; n <= 45; n++) await addEpisode(n);
    await addEpisode(99, { isPublished: false });
    const first = (await archive("").expect(200)).body;
    expect(first).toMatchObject({ page: 1, pageSize: 20, pageCount: 3, total: 45, query: "" });
    expect(first.episodes.map((e: { title: string }) => e.title).slice(0, 3)).toEqual(["Episode 45", "Episode 44", "Episode 43"]);
    expect(first.episodes[0]).not.toHaveProperty("showNotes");
    const last = (await archive("?page=3").expect(200)).body;
    expect(last.episodes.map((e: { title: string }) => e.title)).toEqual(["Episode 5", "Episode 4", "Episode 3", "Episode 2", "Episode 1"]);
    expect((await archive("?page=4").expect(200)).body.episodes).toEqual([]);
    expect((await archive("?size=12").expect(200)).body.episodes).toHaveLength(12);
  });

  it("when words are searched, then matching published episodes come best first (title over notes), stemmed, with the words marked", async () => {
    await addEpisode(1, { title: "Gardening on a balcony", description: "Tomatoes and learning to water." });
    await addEpisode(2, { title: "Learning to learn", description: "How people learn." });
    await addEpisode(3, { title: "Pain science", description: "Nothing about it." });
    await addEpisode(4, { title: "Learning in secret", isPublished: false });
    const res = (await archive("?q=learning").expect(200)).body;
    expect(res.total).toBe(2);
    expect(res.episodes.map((e: { title: string }) => e.title)).toEqual(["Learning to learn", "Gardening on a balcony"]);
    expect(res.episodes[0].match.title).toBe(`${MATCH_START}Learning${MATCH_END} to ${MATCH_START}learn${MATCH_END}`);
    expect(res.episodes[1].match.snippet).toContain(`${MATCH_START}learning${MATCH_END}`);
    expect((await archive("?q=nothing+matches+this").expect(200)).body).toMatchObject({ total: 0, episodes: [], pageCount: 1 });
    expect((await archive('?q="to learn" -gardening').expect(200)).body.total).toBe(1);
  });

  it("when the archive's query is not one, then it is 400", async () => {
    for (const q of ["?page=0", "?page=abc", "?page=1.5", `?q=${"x".repeat(201)}`, "?size=7", "?q=a%00b", "?page=1&page=2"]) {
      expect((await archive(q)).status, q).toBe(400);
    }
  });
});

describe("searching under load", () => {
  it("when one client floods the archive with searches, then past its share it gets 429, other clients still search, and the health check stays ready", async () => {
    const flooded = await createTestApp({
      config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: "loopback" },
      searchLimits: { perClientPerMinute: 5 },
    });
    try {
      const from = (ip: string) => ({ "X-Forwarded-For": ip });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++)
        statuses.push((await flooded.request.get(`/api/episodes/archive?q=word${i}`).set(from("203.0.113.9"))).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
      const refused = await flooded.request.get("/api/episodes/archive?q=again").set(from("203.0.113.9")).expect(429);
      expect(refused.body.message).toBe("Too many searches; please wait a moment and search again");
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // The same address's /64 neighbour is the same client; another network is not.
      await flooded.request.get("/api/episodes/archive?q=other").set(from("2001:db8:1:2::1")).expect(200);
      for (let i = 0; i < 5; i++) await flooded.request.get(`/api/episodes/archive?q=v6-${i}`).set(from(`2001:db8:1:2::${i + 2}`));
      await flooded.request.get("/api/episodes/archive?q=v6-more").set(from("2001:db8:1:2:ffff::9")).expect(429);
      await flooded.request.get("/api/episodes/archive?q=elsewhere").set(from("2001:db8:9:9::1")).expect(200);
      // Pages through the archive without words are not searches.
      await flooded.request.get("/api/episodes/archive?page=1").set(from("203.0.113.9")).expect(200);
      await flooded.request.get("/api/health/ready").expect(200);
    } finally {
      await flooded.close();
    }
  });

  it("when an episode's transcript is long and the words are deep in it, then it is still found, with a snippet", async () => {
    const created = await addEpisode(1);
    const words = `${"filler ".repeat(60_000)}mycorrhizal`;
    await t.db.database.pool.query("UPDATE episodes SET transcript_text = $1 WHERE id = $2", [words, created.id]);
    const found = (await archive("?q=mycorrhizal").expect(200)).body;
    expect(found.episodes.map((e: { title: string }) => e.title)).toEqual(["Episode 1"]);
    expect(typeof found.episodes[0].match.snippet).toBe("string");
  });
});

describe("transcripts and chapters", () => {
  const host = useFeedServer();

  it("when the feed names a transcript and chapters, then the sync fetches them, the episode carries them one line per cue, and an archive search leads to the cue that holds the words", async () => {
    const cue = (from: string, to: string, words: string) => `${from} --> ${to}\n<v Ann>${words}</v>\n\n`;
    host.routes.set("/t.vtt", {
      body: `WEBVTT\n\n${cue("00:00:01.000", "00:00:03.000", "Welcome.")}${cue("00:00:40.000", "00:00:45.000", "Today, soil.")}${cue("00:01:20.000", "00:01:25.000", "We talk about mycorrhizal fungi.")}`,
      headers: { "Content-Type": "text/vtt" },
    });
    host.routes.set("/c.json", {
      body: JSON.stringify({
        version: "1.2.0",
        chapters: [
          { startTime: 0, title: "Intro" },
          { startTime: 95, title: "Fungi" },
        ],
      }),
      headers: { "Content-Type": "application/json" },
    });
    host.routes.set("/broken.json", { body: "not json", headers: { "Content-Type": "application/json" } });
    const extra = (t: string, c: string) =>
      `<podcast:transcript url="${host.url(t)}" type="text/vtt"/><podcast:chapters url="${host.url(c)}" type="application/json+chapters"/>`;
    host.routes.set("/feed.xml", {
      body: feedXml([
        { title: "Soil", date: "Tue, 02 Jan 2024 10:00:00 GMT", extra: extra("/t.vtt", "/c.json") },
        { title: "Broken", date: "Mon, 01 Jan 2024 10:00:00 GMT", extra: extra("/missing.vtt", "/broken.json") },
      ]),
    });
    await admin.post("/api/settings").send({ key: "feed_auto_publish", value: "true" }).expect(200);
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    await t.app.linkedFiles.idle();

    const soil = (await t.request.get("/api/episodes/slug/soil").expect(200)).body;
    expect(soil.transcript).toEqual([
      { start: 1, speaker: "Ann", text: "Welcome." },
      { start: 40, speaker: "Ann", text: "Today, soil." },
      { start: 80, speaker: "Ann", text: "We talk about mycorrhizal fungi." },
    ]);
    expect(soil.chapters).toEqual([
      { start: 0, title: "Intro", url: null, image: null },
      { start: 95, title: "Fungi", url: null, image: null },
    ]);
    const broken = (await t.request.get("/api/episodes/slug/broken").expect(200)).body;
    expect(broken).toMatchObject({ transcript: null, chapters: null });
    const found = (await archive("?q=mycorrhizal").expect(200)).body.episodes;
    expect(found.map((e: { title: string }) => e.title)).toEqual(["Soil"]);
    expect(found[0].match.at).toBe(80);

    // Fetched once: a second sync does not ask for them again (the missing one waits its turn).
    const asked = host.requests.length;
    await admin.post("/api/feed/sync").send({}).expect(200);
    await t.app.linkedFiles.idle();
    expect(host.requests.slice(asked).map((r) => r.path)).toEqual(["/feed.xml"]);
  });

  const withTranscript = (title: string, url: string, date: number) => ({
    title,
    date: new Date(Date.UTC(2024, 0, 1 + date)).toUTCString(),
    extra: `<podcast:transcript url="${url}" type="text/vtt"/>`,
  });
  const VTT = "WEBVTT\n\n00:00:01.000 --> 00:00:03.000\nWords.\n";
  const sqlOf = (query: string, values: unknown[] = []) => t.db.database.pool.query(query, values).then((r) => r.rows);

  it("when the sync answers, then it has not waited for the episodes' files: they arrive in the background, and the status counts what is left", async () => {
    host.routes.set("/slow.vtt", { hang: true });
    host.routes.set("/feed.xml", { body: feedXml([withTranscript("Slow", host.url("/slow.vtt"), 1)]) });
    await setFeedUrl(admin, host.url("/feed.xml"));
    const synced = await admin.post("/api/feed/sync").send({}).expect(200);
    expect(synced.body.added).toBe(1);
    const status = (await admin.get("/api/feed/status").expect(200)).body;
    expect(status.extras).toEqual({ transcripts: 1, chapters: 0, artwork: 0, pictures: 0, failing: 0, running: true });
    await t.app.linkedFiles.idle();
    const after = (await admin.get("/api/feed/status").expect(200)).body;
    expect(after.extras).toMatchObject({ transcripts: 1, failing: 1, running: false });
  });

  it("when files cannot be fetched for now, then the others still arrive, and each failed one waits longer after every try", async () => {
    host.routes.set("/good.vtt", { body: VTT, headers: { "Content-Type": "text/vtt" } });
    const down = "http://127.0.0.1:9/down.vtt"; // nothing listens on the discard port: connection refused
    const items = Array.from({ length: 45 }, (_, i) => withTranscript(`Down ${i}`, down, i + 2));
    host.routes.set("/feed.xml", { body: feedXml([withTranscript("Good", host.url("/good.vtt"), 1), ...items]) });
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    await t.app.linkedFiles.idle();
    expect((await admin.get("/api/episodes/slug/good").expect(200)).body.transcript).toEqual([{ start: 1, speaker: null, text: "Words." }]);
    const failed = await sqlOf(
      "SELECT transcript_failures AS n, transcript_retry_at > now() + interval '1 minute' AS waits FROM episodes WHERE title LIKE 'Down%'",
    );
    expect(failed).toHaveLength(45);
    expect(failed.every((r) => r.n === 1 && r.waits)).toBe(true);

    // Not asked again before their time, however often the work is started.
    t.app.linkedFiles.kick();
    await t.app.linkedFiles.idle();
    expect((await sqlOf("SELECT max(transcript_failures) AS n FROM episodes"))[0].n).toBe(1);
    // Once due, asked again, and the next wait is longer.
    await sqlOf("UPDATE episodes SET transcript_retry_at = now() - interval '1 second' WHERE title LIKE 'Down%'");
    t.app.linkedFiles.kick();
    await t.app.linkedFiles.idle();
    const again = await sqlOf(
      "SELECT transcript_failures AS n, transcript_retry_at > now() + interval '3 minutes' AS waits FROM episodes WHERE title LIKE 'Down%'",
    );
    expect(again.every((r) => r.n === 2 && r.waits)).toBe(true);
  });
});

describe("the owner's edits and the feed", () => {
  const host = useFeedServer();
  const sqlOf = (query: string, values: unknown[] = []) => t.db.database.pool.query(query, values).then((r) => r.rows);

  it("when the owner saves while a sync is between reading and writing, then the owner's words stay, now and after the next sync", async () => {
    const feed = (a: string, b: string) =>
      feedXml([
        { title: a, guid: "a" },
        { title: b, guid: "b" },
      ]);
    host.routes.set("/feed.xml", { body: feed("A", "B") });
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    const b = (await admin.get("/api/episodes").expect(200)).body.find((e: { guid: string }) => e.guid === "b");
    host.routes.set("/feed.xml", { body: feed("A from the feed", "B from the feed") });

    // Hold the sync after it has read: a row it writes first stays locked by this connection.
    const holder = await t.db.database.pool.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM episodes WHERE guid = 'a' FOR UPDATE");
    const syncing = admin.post("/api/feed/sync").send({});
    void syncing.then(() => undefined);
    for (let i = 0; i < 200; i++) {
      const waiting = await sqlOf(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
      );
      if (waiting[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const saving = admin.put(`/api/episodes/${b.id}`).send({ title: "The owner's title" });
    void saving.then(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await holder.query("COMMIT");
    holder.release();
    expect((await syncing).status).toBe(200);
    expect((await saving).status).toBe(200);

    const after = (await admin.get("/api/episodes/slug/b").expect(200)).body;
    expect(after.title).toBe("The owner's title");
    expect(after.editedFields).toContain("title");
    await admin.post("/api/feed/sync").send({}).expect(200);
    expect((await admin.get("/api/episodes/slug/b").expect(200)).body.title).toBe("The owner's title");
  });

  it("when a save names an older version than the stored one, then it is refused with 409 and nothing changes; without a version it is taken", async () => {
    const created = await postEpisode(admin, { title: "Mine", audioUrl: "https://cdn.example/m.mp3" });
    expect(created.version).toBe(1);
    const first = (await admin.put(`/api/episodes/${created.id}`).send({ title: "First tab", version: 1 }).expect(200)).body;
    expect(first.version).toBe(2);
    const stale = await admin.put(`/api/episodes/${created.id}`).send({ title: "Second tab", version: 1 }).expect(409);
    expect(stale.body).toMatchObject({ code: "STALE", message: expect.stringMatching(/^This episode was changed somewhere else/) });
    expect((await admin.get(`/api/episodes/slug/${created.slug}`)).body).toMatchObject({ title: "First tab", version: 2 });
    expect((await admin.put(`/api/episodes/${created.id}`).send({ title: "Overwritten" }).expect(200)).body).toMatchObject({
      title: "Overwritten",
      version: 3,
    });
  });

  it("when a sync changes what the owner's form shows, then the episode's version moves on, so a form opened before is refused", async () => {
    host.routes.set("/feed.xml", { body: feedXml([{ title: "Before", guid: "x" }]) });
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    const opened = (await admin.get("/api/episodes/slug/before").expect(200)).body;
    host.routes.set("/feed.xml", { body: feedXml([{ title: "Before", guid: "x", notes: "<p>New notes</p>" }]) });
    await admin.post("/api/feed/sync").send({}).expect(200);
    await admin.put(`/api/episodes/${opened.id}`).send({ title: "Edited", version: opened.version }).expect(409);
    // A file fetched in the background is not such a change.
    await sqlOf("UPDATE episodes SET transcript_text = 'x'");
    const now = (await admin.get("/api/episodes/slug/before").expect(200)).body;
    await admin.put(`/api/episodes/${opened.id}`).send({ title: "Edited", version: now.version }).expect(200);
  });

  it("when clips, providers, settings and the About page are saved from an older version, then 409, and the stored one stays", async () => {
    const clip = await postClip(admin, { title: "Clip", youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ" });
    await admin.put(`/api/clips/${clip.id}`).send({ title: "Clip 2", version: clip.version }).expect(200);
    await admin.put(`/api/clips/${clip.id}`).send({ title: "Clip 3", version: clip.version }).expect(409);
    const provider = (await admin.post("/api/providers").send({ name: "P", url: "https://p.example", icon: "fas fa-podcast" }).expect(201))
      .body;
    await admin.put(`/api/providers/${provider.id}`).send({ name: "P2", version: provider.version }).expect(200);
    await admin.put(`/api/providers/${provider.id}`).send({ name: "P3", version: provider.version }).expect(409);
    expect((await admin.get("/api/providers")).body[0].name).toBe("P2");

    const saved = (await admin.post("/api/settings").send({ key: "podcast_title", value: "One", version: 0 }).expect(200)).body;
    expect(saved.version).toBe(1);
    await admin.post("/api/settings").send({ key: "podcast_title", value: "Two", version: 0 }).expect(409);
    expect((await admin.get("/api/settings/podcast_title")).body).toMatchObject({ value: "One", version: 1 });

    const about = { title: "T", intro: "I", hosts: [{ name: "Ann", role: "", bio: "", photo: null }] };
    const first = (
      await admin
        .put("/api/identity/about")
        .send({ ...about, version: 0 })
        .expect(200)
    ).body;
    expect(first.versions.about).toBe(1);
    await admin
      .put("/api/identity/about")
      .send({ ...about, title: "Other tab", version: 0 })
      .expect(409);
    expect((await t.request.get("/api/identity")).body.about.title).toBe("T");
  });
});

describe("the home page's weight", () => {
  it("when the show has 12 or 2,000 published episodes, then the home page weighs the same, under 100 KB gzipped", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const zlib = await import("node:zlib");
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-home-"));
    fs.writeFileSync(
      path.join(clientDir, "index.html"),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    const app = await createTestApp({ clientDir, cacheTtlMs: 0 });
    try {
      const addEpisodes = (from: number, to: number) =>
        app.db.database.pool.query(
          `INSERT INTO episodes (title, slug, description, audio_url, sort_order, published_at)
           SELECT 'Episode ' || n, 'episode-' || n, repeat('A description of the episode. ', 30), 'https://cdn.example/' || n || '.mp3', n, now() - n * interval '1 day'
           FROM generate_series($1::int, $2::int) AS n`,
          [from, to],
        );
      const homeBytes = async () => zlib.gzipSync((await app.request.get("/").expect(200)).text).length;
      await addEpisodes(1, 12);
      const twelve = await homeBytes();
      await addEpisodes(13, 2000);
      const many = await homeBytes();
      expect(many).toBeLessThan(100 * 1024);
      // The same 12 episodes, and an 'All episodes' card's worth of difference in the data.
      expect(Math.abs(many - twelve)).toBeLessThan(200);
    } finally {
      await app.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
