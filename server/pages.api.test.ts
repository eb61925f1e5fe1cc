// Longer than 200 lines: every page the server fills (heads, the first screen's data, redirects,
// robots, sitemap, share images) against one fake client bundle, which is slow to set up twice.
// The fake bundle has no server renderer, so the first paint's markup is not checked here but
// where the real build runs it: the browser tests (e2e/hydration.spec.ts reads the server's
// markup and e2e/public-site.spec.ts opens pages without JavaScript).
import fs from "node:fs";
import zlib from "node:zlib";
import type supertest from "supertest";
import pg from "pg";
import { afterAll, describe, expect, inject } from "vitest";
import { binary } from "./test/bytes";
import { createFakeClient, FAKE_CLIENT_SCRIPT as js } from "./test/fake-client";
import { appTest, createTestApp, postClip, postEpisode, YOUTUBE } from "./test/harness";

const clientDir = createFakeClient();
const EVIL_TITLE = 'Pain </script><script>alert(1)</script> & "quotes"';
const it = appTest({ clientDir, config: { publicUrl: "http://show.example", env: "test", trustProxy: undefined } });
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

const nameShow = (admin: supertest.Agent) =>
  admin.post("/api/settings").send({ key: "podcast_title", value: "Pain & Learning" }).expect(200);
const addWhyPain = (admin: supertest.Agent) =>
  admin
    .post("/api/clips")
    .send({
      title: "Why pain",
      slug: "why-pain",
      youtubeEmbedUrl: YOUTUBE("dQw4w9WgXcQ"),
      keyQuote: "Pain protects",
      metaDescription: "A clip on pain.",
    })
    .expect(201);
const addDraftClip = (admin: supertest.Agent) =>
  admin.post("/api/clips").send({ title: "Draft clip", youtubeEmbedUrl: YOUTUBE(), isPublished: false }).expect(201);

function headOf(html: string) {
  return html.slice(0, html.indexOf("</head>"));
}
function jsonLdOf(html: string) {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
}
function initialDataOf(html: string) {
  const m = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : null;
}
function pngSize(png: Buffer) {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
describe("pages", () => {
  it("when a route of the spec is asked for, then the shell comes with 200 and a head of its own", async ({ t, admin }) => {
    await nameShow(admin);
    for (const p of ["/", "/about", "/listen", "/admin", "/providers", "/episodes", "/admin/clips", "/admin/editors", "/editors"]) {
      const res = await t.request.get(p);
      expect(res.status, p).toBe(200);
      const head = headOf(res.text);
      expect(head.match(/<title>/g), p).toHaveLength(1);
      expect(head, p).toContain(`<link rel="canonical" href="http://show.example${p}" />`);
      expect(head, p).toMatch(/<meta property="og:title" content="[^"]*Pain &amp; Learning" \/>/);
      expect(head, p).not.toContain('content="default"');
    }
    const adminPage = await t.request.get("/admin");
    expect(headOf(adminPage.text)).toContain('<meta name="robots" content="noindex" />');
  });

  it("when / is served, then it carries a PodcastSeries, the banner preload and the data of the first screen", async ({ t, admin }) => {
    await nameShow(admin);
    await postClip(admin, { title: "Listed clip", youtubeEmbedUrl: YOUTUBE() });
    const res = await t.request.get("/").expect(200);
    expect(jsonLdOf(res.text)).toMatchObject({ "@type": "PodcastSeries", name: "Pain & Learning", url: "http://show.example/" });
    expect(headOf(res.text)).toMatch(
      /<link rel="preload" as="image" href="\/banner-desktop.svg" media="\(min-width: 1024px\)"[^>]*fetchpriority="high"/,
    );
    const data = initialDataOf(res.text);
    expect(data.values.podcast_title).toBe("Pain & Learning");
    expect(data.clips.map((c: { title: string }) => c.title)).toContain("Listed clip");
    expect(data.latestEpisodes).toEqual({ episodes: [], total: 0, trailer: null });
  });

  it("when the request carries a session cookie (maybe the admin's), then the page leaves the lists to the API", async ({ t, admin }) => {
    await nameShow(admin);
    const res = await t.request.get("/").set("Cookie", "sid=s%3Asomething").expect(200);
    const data = initialDataOf(res.text);
    expect(data.latestEpisodes).toBeUndefined();
    expect(data.clips).toBeUndefined();
    expect(data.values.podcast_title).toBe("Pain & Learning");
  });

  it("when a clip page is served, then its raw HTML has the clip's title, description, share image and VideoObject", async ({
    t,
    admin,
  }) => {
    await nameShow(admin);
    await addWhyPain(admin);
    const res = await t.request.get("/clips/why-pain").expect(200);
    const head = headOf(res.text);
    expect(head).toContain("<title>Why pain · Pain &amp; Learning</title>");
    expect(head).toContain('<meta name="description" content="A clip on pain." />');
    expect(head).toContain('<meta property="og:type" content="video.other" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toMatch(/<meta property="og:image" content="http:\/\/show.example\/clips\/why-pain\/share.png\?v=[\w-]+" \/>/);
    expect(head).toMatch(/<meta name="twitter:image" content="http:\/\/show.example\/clips\/why-pain\/share.png/);
    const ld = jsonLdOf(res.text);
    expect(ld).toMatchObject({
      "@type": "VideoObject",
      name: "Why pain",
      duration: "PT5M",
      thumbnailUrl: ["https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"],
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
    expect(Date.parse(ld.uploadDate)).not.toBeNaN();
    expect(initialDataOf(res.text).clip.slug).toBe("why-pain");
  });

  it("when a clip's text holds </script> and quotes, then it can close neither the JSON-LD nor an attribute", async ({ t, admin }) => {
    await postClip(admin, { title: EVIL_TITLE, slug: "evil", youtubeEmbedUrl: YOUTUBE() });
    const res = await t.request.get("/clips/evil").expect(200);
    expect(res.text).not.toContain("<script>alert(1)</script>");
    expect(res.text.match(/<script/g)!.length).toBe(4); // JSON-LD, the page's words, initial data, the app bundle
    expect(jsonLdOf(res.text).name).toBe(EVIL_TITLE);
    expect(initialDataOf(res.text).clip.title).toBe(EVIL_TITLE);
    expect(headOf(res.text)).toContain("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;");
  });

  it("when the admin has chosen a theme, then the served <body> already carries it", async ({ t, admin }) => {
    await admin.post("/api/settings").send({ key: "site_theme", value: "deep-ocean" }).expect(200);
    const res = await t.request.get("/about").expect(200);
    expect(res.text).toMatch(/<body class="theme-deep-ocean" style="--bg-start:#020617;--bg-end:#0e4a6e;[^"]*">/);
  });

  it("when the path is unknown, or the clip slug unknown or a draft, then the shell comes with 404 and noindex", async ({ t, admin }) => {
    await addDraftClip(admin);
    for (const p of ["/nope", "/clips/nope", "/clips/draft-clip", "/admin/nope"]) {
      const res = await t.request.get(p);
      expect(res.status, p).toBe(404);
      expect(headOf(res.text), p).toContain('<meta name="robots" content="noindex" />');
    }
    await t.request.get("/clips/draft-clip/share.png").expect(404);
  });

  it("when a path has malformed escapes, then it is the 404 page, not an error", async ({ t }) => {
    for (const p of ["/clips/%E0%A4%A", "/%zz"]) {
      const res = await t.request.get(p);
      expect(res.status, p).toBe(404);
      expect(headOf(res.text), p).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it("when a clip's slug is spelt with percent-escapes, then it is sent to the canonical address (one cache entry per page)", async ({
    t,
    admin,
  }) => {
    await addWhyPain(admin);
    const res = await t.request.get("/clips/%77hy-pain").expect(301);
    expect(res.headers.location).toBe("/clips/why-pain");
  });

  it("when an episode's page is asked for at a moment (?t=75), then it is that page, not sent away; another query is sent to the page", async ({
    t,
    admin,
  }) => {
    await postEpisode(admin, { title: "The ache", audioUrl: "https://cdn.example/ache.mp3" });
    const res = await t.request.get("/episode/the-ache?t=75").expect(200);
    expect(headOf(res.text)).toContain('<link rel="canonical" href="http://show.example/episode/the-ache" />');
    expect(initialDataOf(res.text).episode.slug).toBe("the-ache");
    for (const other of ["/episode/the-ache?t=abc", "/episode/the-ache?t=75&x=1", "/episode/the-ache?x=1"]) {
      expect((await t.request.get(other).expect(301)).headers.location, other).toBe("/episode/the-ache");
    }
  });

  it("when the page is asked for again with its ETag, then 304", async ({ t }) => {
    const first = await t.request.get("/listen").expect(200);
    expect(first.headers["cache-control"]).toBe("public, max-age=0, s-maxage=10, stale-while-revalidate=60, stale-if-error=86400");
    expect(first.headers.vary).toBe("Accept-Encoding, Cookie");
    await t.request.get("/listen").set("If-None-Match", first.headers.etag!).expect(304);
    // A browser or CDN may send several tags, or "*": any match is a 304.
    await t.request.get("/listen").set("If-None-Match", `"other", ${first.headers.etag!}`).expect(304);
    await t.request.get("/listen").set("If-None-Match", "*").expect(304);
    await t.request.get("/listen").set("If-None-Match", '"other"').expect(200);
    const list = await t.request.get("/api/episodes").expect(200);
    await t.request.get("/api/episodes").set("If-None-Match", `"a", ${list.headers.etag!}, "b"`).expect(304);
  });

  it.for(["/.env", "/.git/config", "/server/app.ts", "/node_modules/express/package.json", "/package.json", "/../package.json"])(
    "when source or secrets are asked for at %s, then nothing of them is served and it is 404",
    async (p, { t }) => {
      const res = await t.request.get(p);
      expect(res.text).not.toMatch(/"dependencies"|createApp|\[core\]/);
      expect(res.status).toBe(404);
    },
  );

  it("when /index.html is asked for, then nothing of the source or secrets is in it", async ({ t }) => {
    expect((await t.request.get("/index.html")).text).not.toMatch(/"dependencies"|createApp|\[core\]/);
  });

  it("when a hashed asset is asked for, then it comes pre-compressed when accepted, cached for a year as immutable", async ({ t }) => {
    const br = await t.request.get("/assets/app-abc123.js").set("Accept-Encoding", "br, gzip").buffer(true).parse(binary).expect(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    // The test client may already have decoded the body; either way it is the file.
    const raw = br.body as Buffer;
    expect(raw.toString() === js || zlib.brotliDecompressSync(raw).toString() === js).toBe(true);
    const gz = await t.request.get("/assets/app-abc123.js").set("Accept-Encoding", "gzip").buffer(true).parse(binary).expect(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await t.request.get("/assets/app-abc123.js").set("Accept-Encoding", "identity").expect(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    await t.request.get("/assets/missing.js").expect(404);
    const svg = await t.request.get("/banner-desktop.svg").expect(200);
    expect(svg.headers["cache-control"]).toMatch(/must-revalidate/);
  });
});

describe("an episode's page with a long transcript", () => {
  it("when the transcript is longer than a page carries, then the page has its first part and says so; the API has all of it", async ({
    t,
    admin,
  }) => {
    const created = (await admin.post("/api/episodes").send({ title: "Long talk", audioUrl: "https://cdn.example/long.mp3" }).expect(201))
      .body;
    const paragraphs = Array.from({ length: 1_000 }, (_, i) => ({
      start: i * 10,
      speaker: "Ann",
      text: `Paragraph ${i} ${"words ".repeat(80)}`,
    }));
    await t.db.database.pool.query("UPDATE episodes SET transcript = $1 WHERE id = $2", [JSON.stringify(paragraphs), created.id]);
    const page = await t.request.get("/episode/long-talk").expect(200);
    expect(page.text.length).toBeLessThan(200_000);
    const data = initialDataOf(page.text);
    expect(data.episode.transcriptCut).toBe(true);
    expect(data.episode.transcript.length).toBeLessThan(1_000);
    expect(data.episode.transcript[0].text).toBe(paragraphs[0]!.text);
    const whole = (await t.request.get("/api/episodes/slug/long-talk").expect(200)).body;
    expect(whole.transcript).toHaveLength(1_000);
    expect(whole.transcriptCut).toBeUndefined();
  });
});

describe("when the database is down", () => {
  /** Makes the test's database refuse every connection (and ends the open ones), or take them again. */
  async function databaseDown(url: string, down: boolean) {
    const name = new URL(url).pathname.slice(1);
    const maintenance = new pg.Client({ connectionString: inject("serverUrl") });
    await maintenance.connect();
    await maintenance.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${down ? "false" : "true"}`);
    if (down)
      await maintenance.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [
        name,
      ]);
    await maintenance.end();
  }

  it("when a visitor opens a page they had, then they get its last good copy; a page never served is an HTML 503 page; the API says 503 in JSON", async () => {
    const t = await createTestApp({
      clientDir,
      cacheTtlMs: 20,
      config: { publicUrl: "http://show.example", env: "test", trustProxy: undefined },
    });
    try {
      const admin = await t.admin();
      await nameShow(admin);
      const home = await t.request.get("/").expect(200);
      await databaseDown(t.db.url, true);
      await new Promise((resolve) => setTimeout(resolve, 50)); // past the cache's time-to-live
      const stale = await t.request.get("/").set("Accept", "text/html").expect(200);
      expect(stale.text).toBe(home.text);
      expect(stale.headers["cache-control"]).toBe("no-cache");
      const never = await t.request.get("/about").set("Accept", "text/html,application/xhtml+xml,*/*;q=0.8").expect(503);
      expect(never.headers["content-type"]).toMatch(/^text\/html/);
      expect(never.text).toContain("<h1>The site is taking a short break</h1>");
      expect(never.text).toContain("The database is unavailable; please try again shortly");
      const api = await t.request.get("/api/episodes").set("Accept", "application/json").expect(503);
      expect(api.body).toMatchObject({ code: "UNAVAILABLE" });
      await databaseDown(t.db.url, false);
    } finally {
      await databaseDown(t.db.url, false);
      await t.close();
    }
  });
});

describe("robots, sitemap and share images", () => {
  it("when robots.txt is asked for, then it names the sitemap and keeps crawlers out of the admin", async ({ t }) => {
    const res = await t.request.get("/robots.txt").expect(200);
    expect(res.text).toContain("Sitemap: http://show.example/sitemap.xml");
    expect(res.text).toContain("Disallow: /admin");
  });

  it("when sitemap.xml is asked for, then it lists home, about, listen and every published clip, and no draft", async ({ t, admin }) => {
    await addWhyPain(admin);
    await addDraftClip(admin);
    const res = await t.request.get("/sitemap.xml").expect(200);
    expect(res.headers["content-type"]).toMatch(/application\/xml/);
    for (const loc of [
      "http://show.example/",
      "http://show.example/about",
      "http://show.example/listen",
      "http://show.example/clips/why-pain",
    ]) {
      expect(res.text).toContain(`<loc>${loc}</loc>`);
    }
    expect(res.text).not.toContain("draft-clip");
    expect(res.text).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  it("when a clip's share image is asked for, then it is a 1200×630 PNG, made again when the theme changes", async ({ t, admin }) => {
    await addWhyPain(admin);
    const first = await t.request.get("/clips/why-pain/share.png").buffer(true).parse(binary).expect(200);
    expect(first.headers["content-type"]).toBe("image/png");
    expect(pngSize(first.body as Buffer)).toEqual({ width: 1200, height: 630 });
    await t.request.get("/clips/why-pain/share.png").set("If-None-Match", first.headers.etag!).expect(304);
    await admin.post("/api/settings").send({ key: "site_theme", value: "fire-orange" }).expect(200);
    const second = await t.request.get("/clips/why-pain/share.png").buffer(true).parse(binary).expect(200);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect(Buffer.compare(first.body as Buffer, second.body as Buffer)).not.toBe(0);
    const site = await t.request.get("/share.png").buffer(true).parse(binary).expect(200);
    expect(pngSize(site.body as Buffer)).toEqual({ width: 1200, height: 630 });
  });
});
