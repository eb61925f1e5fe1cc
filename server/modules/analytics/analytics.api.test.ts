import http from "node:http";
import type { AddressInfo } from "node:net";
import { PassThrough } from "node:stream";
import zlib from "node:zlib";
import pino from "pino";
import { describe, expect } from "vitest";
import type { AnalyticsReport } from "../../../shared/analytics";
import { restoreBackup, writeBackup } from "../backup/service";
import { toBuffer } from "../../test/bytes";
import { appTest, createTestApp, createTestDb, withTestApp, YOUTUBE, type TestApp } from "../../test/harness";
import { createLocalStore } from "../../platform/objects/local-store";
import { connectDatabase } from "../../platform/db/client";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ORIGIN = "http://localhost:5000";
const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// Written every 50 ms: a test waits for its figures through the front door, never for a fixed time.
const it = appTest({ analytics: { flushMs: 50 } });

/** A beacon as `navigator.sendBeacon` sends one: text/plain, the site's Origin, a browser's agent. */
function beacon(t: TestApp, event: unknown, headers: Record<string, string> = {}) {
  return t.request
    .post("/api/events")
    .set({ Origin: ORIGIN, "User-Agent": CHROME, "Content-Type": "text/plain;charset=UTF-8", ...headers })
    .send(typeof event === "string" ? event : JSON.stringify(event));
}

async function report(admin: Awaited<ReturnType<TestApp["admin"]>>, query = ""): Promise<AnalyticsReport> {
  const res = await admin.get(`/api/analytics${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as AnalyticsReport;
}

/** Waits until the report says what `check` wants (the instance writes every 50 ms). */
async function until(admin: Awaited<ReturnType<TestApp["admin"]>>, check: (r: AnalyticsReport) => boolean, query = "") {
  let last: AnalyticsReport | undefined;
  await expect.poll(async () => check((last = await report(admin, query))), { timeout: 10_000, interval: 50 }).toBe(true);
  return last!;
}

const rows = async (t: TestApp, sql: string) => (await t.db.database.pool.query(sql)).rows;

async function publishedEpisode(admin: Awaited<ReturnType<TestApp["admin"]>>, title: string, isPublished = true) {
  const res = await admin.post("/api/episodes").send({ title, audioUrl: "https://cdn.example/a.mp3", durationSeconds: 400, isPublished });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number; slug: string };
}

describe("POST /api/events", () => {
  it("when a visitor's page reports a view, then it is 204 without a cookie, and the owner sees a page view, a visitor and where they came from", async ({
    t,
    admin,
  }) => {
    const res = await beacon(t, { type: "pageview", value: "/", referrer: "www.google.com" });
    expect(res.status).toBe(204);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const r = await until(admin, (r) => r.totals.pageviews === 1);
    expect(r.totals).toMatchObject({ pageviews: 1, visitors: 1 });
    expect(r.pages).toEqual([{ path: "/", pageviews: 1, visitors: 1 }]);
    expect(r.referrers).toEqual([{ source: "google.com", visitors: 1 }]);
    // Then a page reached inside the site: a page view, no source; and a visitor who came from nowhere is "direct".
    await beacon(t, { type: "pageview", value: "/about" }).expect(204);
    await beacon(t, { type: "pageview", value: "/", referrer: "" }, { "User-Agent": IPHONE }).expect(204);
    const next = await until(admin, (r) => r.totals.pageviews === 3);
    expect(next.referrers).toEqual([
      { source: "direct", visitors: 1 },
      { source: "google.com", visitors: 1 },
    ]);
    expect(r.devices).toEqual([{ kind: "desktop", visitors: 1 }]);
    expect(r.browsers).toEqual([{ name: "Chrome", visitors: 1 }]);
  });

  it("when the beacon comes as application/json, then it is taken too", async ({ t, admin }) => {
    await t.request
      .post("/api/events")
      .set({ Origin: ORIGIN, "User-Agent": CHROME })
      .send({ type: "pageview", value: "/about" })
      .expect(204);
    await until(admin, (r) => r.pages.some((p) => p.path === "/about"));
  });

  it("when another origin sends a beacon, or the browser says it is cross-site, then it is 403 and nothing is counted", async ({
    t,
    admin,
  }) => {
    const a = await beacon(t, { type: "pageview", value: "/" }, { Origin: "https://evil.example" });
    expect(a.status).toBe(403);
    expect(a.body).toMatchObject({ code: "FORBIDDEN", message: "Cross-site request refused" });
    const b = await t.request
      .post("/api/events")
      .set({ "Sec-Fetch-Site": "cross-site", "User-Agent": CHROME, "Content-Type": "text/plain" })
      .send(JSON.stringify({ type: "pageview", value: "/" }));
    expect(b.status).toBe(403);
    await beacon(t, { type: "pageview", value: "/listen" }).expect(204);
    const r = await until(admin, (r) => r.totals.pageviews > 0);
    expect(r.pages).toEqual([{ path: "/listen", pageviews: 1, visitors: 1 }]);
  });

  it("when the body is broken JSON, not an event, or not JSON at all, then it is 400 with the error shape", async ({ t }) => {
    const broken = await beacon(t, "{not json");
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: "BAD_REQUEST", message: "The request body is not valid JSON" });
    expect(typeof broken.body.requestId).toBe("string");
    const unknown = await beacon(t, { type: "mine-bitcoin" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe("VALIDATION");
    expect(unknown.body.errors.length).toBeGreaterThan(0);
    expect((await beacon(t, { type: "pageview", value: "/", extra: 1 })).status).toBe(400);
    expect((await beacon(t, { type: "search", value: "x", results: -1 })).status).toBe(400);
    expect((await beacon(t, { type: "provider", value: "1; DROP TABLE" })).status).toBe(400);
    expect((await beacon(t, [{ type: "pageview", value: "/" }])).status).toBe(400);
    const form = await t.request
      .post("/api/events")
      .set({ Origin: ORIGIN, "User-Agent": CHROME, "Content-Type": "application/x-www-form-urlencoded" })
      .send("type=pageview&path=/");
    expect(form.status).toBe(400);
  });

  it("when the body is 3 KB, said by its length or sent in chunks, then it is 413", async ({ t }) => {
    const big = JSON.stringify({ type: "search", value: "x".repeat(3_000), results: 0 });
    const declared = await beacon(t, big);
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });

    const server = http.createServer(t.app.listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: "127.0.0.1",
            port: (server.address() as AddressInfo).port,
            path: "/api/events",
            method: "POST",
            headers: { Origin: ORIGIN, "User-Agent": CHROME, "Content-Type": "text/plain", "Transfer-Encoding": "chunked" },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on("error", reject);
        for (let i = 0; i < 3; i++) req.write(big.slice(i * 1_000, (i + 1) * 1_000));
        req.end(big.slice(3_000));
      });
      expect(status).toBe(413);
    } finally {
      server.close();
    }
  });

  it("when a robot or the owner's own session sends a beacon, then it is 204 and not counted", async ({ t, admin }) => {
    await beacon(t, { type: "pageview", value: "/" }, { "User-Agent": GOOGLEBOT }).expect(204);
    await beacon(t, { type: "pageview", value: "/" }, { "User-Agent": "" }).expect(204);
    const owners = await admin
      .post("/api/events")
      .set({ Origin: ORIGIN, "User-Agent": IPHONE, "Content-Type": "text/plain" })
      .send(JSON.stringify({ type: "pageview", value: "/" }));
    expect(owners.status).toBe(204);
    await beacon(t, { type: "pageview", value: "/about" }).expect(204);
    const r = await until(admin, (r) => r.totals.pageviews > 0);
    expect(r.pages).toEqual([{ path: "/about", pageviews: 1, visitors: 1 }]);
    expect(r.devices).toEqual([{ kind: "desktop", visitors: 1 }]);
  });

  it("when made-up paths, unknown and draft slugs come, then nothing of them is stored", async ({ t, admin }) => {
    await publishedEpisode(admin, "A draft", false);
    for (const path of ["/wp-admin", "/episode/no-such-episode", "/episode/a-draft", "/clips/nope", "/admin", "/episodes", "/x/y/z"]) {
      await beacon(t, { type: "pageview", value: path }).expect(204);
    }
    await beacon(t, { type: "play", value: "a-draft" }).expect(204);
    await beacon(t, { type: "clip", value: "nope" }).expect(204);
    await beacon(t, { type: "provider", value: "999999" }).expect(204);
    await beacon(t, { type: "pageview", value: "/", referrer: "" }).expect(204);
    const r = await until(admin, (r) => r.totals.pageviews > 0);
    expect(r.pages.map((p) => p.path)).toEqual(["/"]);
    expect(r.totals).toMatchObject({ pageviews: 1, plays: 0, clipPlays: 0, providerClicks: 0 });
    const keys = await rows(t, "SELECT DISTINCT key FROM analytics_daily");
    expect(keys.map((k) => k.key).sort()).toEqual(["", "/", "Chrome", "desktop", "direct"]);
  });

  it("when one client sends too much, then it gets 429 with Retry-After", async () => {
    await withTestApp({ analytics: { flushMs: 50, perMinute: 5 } }, async (t) => {
      for (let i = 0; i < 5; i++) await beacon(t, { type: "pageview", value: "/" }).expect(204);
      const res = await beacon(t, { type: "pageview", value: "/" });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe("TOO_MANY_REQUESTS");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      // The refusal is JSON with the request id its header gives, and is not kept by any cache.
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.body.requestId).toBe(res.headers["x-request-id"]);
      expect(res.headers["cache-control"]).toBe("no-store");
    });
  });
});

describe("what is counted", () => {
  it("when a visitor plays an episode past every mark, then the owner sees one play, one listen and the funnel; again the same day changes nothing", async () => {
    const clock = new Clock();
    await withTestApp({ analytics: { flushMs: 50, now: clock.now } }, async (t) => {
      const admin = await t.admin();
      const episode = await publishedEpisode(admin, "Pain and the brain");
      const listen = async (agent: string) => {
        await beacon(t, { type: "play", value: episode.slug }, { "User-Agent": agent }).expect(204);
        for (const played of [100.2, 200, 300, 399.6]) {
          clock.advance(50_000);
          await beacon(t, { type: "progress", value: episode.slug, played, duration: 400 }, { "User-Agent": agent }).expect(204);
        }
      };
      await listen(CHROME);
      await listen(CHROME);
      let r = await until(admin, (r) => r.totals.plays === 1 && r.episodes[0]?.reached["100"] === 1);
      expect(r.episodes).toEqual([
        { slug: episode.slug, title: "Pain and the brain", plays: 1, listens: 1, reached: { "25": 1, "50": 1, "75": 1, "100": 1 } },
      ]);
      // Another browser played under a minute, and a quarter of a shorter duration it made up: a play, no listen, no mark.
      await beacon(t, { type: "play", value: episode.slug }, { "User-Agent": IPHONE }).expect(204);
      clock.advance(60_000);
      await beacon(t, { type: "progress", value: episode.slug, played: 59, duration: 200 }, { "User-Agent": IPHONE }).expect(204);
      await until(admin, (r) => r.totals.plays === 2);
      await beacon(t, { type: "pageview", value: "/" }, { "User-Agent": IPHONE }).expect(204);
      r = await until(admin, (r) => r.totals.pageviews === 1);
      expect(r.episodes[0]).toMatchObject({ plays: 2, listens: 1, reached: { "25": 1, "50": 1, "75": 1, "100": 1 } });
      expect(r.totals.listens).toBe(1);
    });
  });

  it("when a provider, a clip poster, a share button and searches are pressed, then each is counted (once per visitor), searches lower-cased and trimmed", async ({
    t,
    admin,
  }) => {
    const provider = (
      await admin.post("/api/providers").send({ name: "Podcast App", url: "https://apps.example/show", icon: "fa-podcast" })
    ).body as { id: number };
    const clip = (await admin.post("/api/clips").send({ title: "Why pain protects", youtubeEmbedUrl: YOUTUBE() })).body as { slug: string };
    await beacon(t, { type: "provider", value: String(provider.id) }).expect(204);
    await beacon(t, { type: "provider", value: String(provider.id) }, { "User-Agent": IPHONE }).expect(204);
    await beacon(t, { type: "clip", value: clip.slug }).expect(204);
    await beacon(t, { type: "share", value: "x" }).expect(204);
    await beacon(t, { type: "share", value: "x" }).expect(204);
    await beacon(t, { type: "search", value: "  Chronic PAIN ", results: 0 }).expect(204);
    await beacon(t, { type: "search", value: "chronic pain", results: 0 }).expect(204);
    await beacon(t, { type: "search", value: "brain", results: 3 }).expect(204);
    const r = await until(admin, (r) => r.totals.searches === 3 && r.totals.shares === 1);
    expect(r.totals).toMatchObject({ providerClicks: 2, clipPlays: 1, shares: 1, searches: 3 });
    expect(r.providers).toEqual([{ id: provider.id, name: "Podcast App", clicks: 2 }]);
    expect(r.clips).toEqual([{ slug: clip.slug, title: "Why pain protects", plays: 1 }]);
    expect(r.searches).toEqual([
      { q: "chronic pain", count: 2, results: 0 },
      { q: "brain", count: 1, results: 3 },
    ]);
  });

  it("when the same visitor is seen by two instances, then they are one visitor; a phone on the same address is another", async ({
    t,
    admin,
  }) => {
    const second = t.restart();
    await beacon(t, { type: "pageview", value: "/" }).expect(204);
    const other = await fetchVia(second, { type: "pageview", value: "/" }, CHROME);
    expect(other).toBe(204);
    let r = await until(admin, (r) => r.totals.pageviews === 2);
    expect(r.totals.visitors).toBe(1);
    expect(r.pages).toEqual([{ path: "/", pageviews: 2, visitors: 1 }]);
    expect(await fetchVia(second, { type: "pageview", value: "/" }, IPHONE)).toBe(204);
    r = await until(admin, (r) => r.totals.pageviews === 3);
    expect(r.totals.visitors).toBe(2);
    expect(r.devices).toEqual([
      { kind: "desktop", visitors: 1 },
      { kind: "mobile", visitors: 1 },
    ]);
  });

  it("when the database holds the figures, then no address, user agent or hash of them is in the aggregates or the backup", async ({
    t,
    admin,
  }) => {
    await beacon(t, { type: "pageview", value: "/", referrer: "news.example" }).expect(204);
    await until(admin, (r) => r.totals.pageviews === 1);
    const text = JSON.stringify([await rows(t, "SELECT * FROM analytics_daily"), await rows(t, "SELECT * FROM analytics_searches")]);
    for (const secret of ["127.0.0.1", "Mozilla", "Chrome/131", "Windows NT"]) expect(text).not.toContain(secret);
    const backup = zlib
      .gunzipSync(await toBuffer((out) => writeBackup(t.db.database.pool, createLocalStore(t.objectsDir), out)))
      .toString();
    expect(backup).toContain('"table":"analytics_daily"');
    expect(backup).not.toContain("analytics_seen");
    expect(backup).not.toContain("analytics_salts");
    for (const secret of ["127.0.0.1", "Mozilla", "Chrome/131"]) expect(backup).not.toContain(secret);
  });
});

/** A beacon to another instance of the app (a second server on the same database). */
async function fetchVia(app: ReturnType<TestApp["restart"]>, event: unknown, agent: string): Promise<number> {
  const server = http.createServer(app.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/events`, {
      method: "POST",
      headers: { Origin: ORIGIN, "User-Agent": agent, "Content-Type": "text/plain" },
      body: JSON.stringify(event),
    });
    return res.status;
  } finally {
    server.close();
  }
}

describe("GET /api/analytics and its CSV", () => {
  it("when a visitor reads them, then it is 401", async ({ t }) => {
    expect((await t.request.get("/api/analytics")).status).toBe(401);
    expect((await t.request.get("/api/analytics/export.csv")).status).toBe(401);
  });

  it("when no range is given, then the last 30 days are there, each one, zeros included", async ({ admin }) => {
    const r = await report(admin);
    expect(r.days).toHaveLength(30);
    expect(r.to).toBe(new Date().toISOString().slice(0, 10));
    expect(
      r.days.every((d) =>
        Object.values(d)
          .slice(1)
          .every((n) => n === 0),
      ),
    ).toBe(true);
    expect(Object.keys(r).sort()).toEqual(
      [
        "browsers",
        "campaigns",
        "clips",
        "days",
        "devices",
        "episodes",
        "from",
        "pages",
        "providers",
        "referrers",
        "searches",
        "to",
        "totals",
      ].sort(),
    );
  });

  it("when the dates are bad, backwards, repeated, unknown or the range is over 366 days, then it is 400", async ({ admin }) => {
    for (const query of [
      "?from=2026-13-01",
      "?from=2026-02-30",
      "?from=yesterday",
      "?from=2026-1-1",
      "?from=2026-11-10&to=2026-11-01",
      "?from=2025-01-01&to=2026-01-02",
      "?from=2026-01-01&from=2026-01-02",
      "?days=7",
    ]) {
      const res = await admin.get(`/api/analytics${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe("VALIDATION");
      expect((await admin.get(`/api/analytics/export.csv${query}`)).status, query).toBe(400);
    }
    expect((await admin.get("/api/analytics?from=2025-01-01&to=2026-01-01")).status).toBe(200);
  });

  it("when the CSV is downloaded, then it is text/csv with the header row and one row per day saying what the report says", async ({
    t,
    admin,
  }) => {
    await beacon(t, { type: "pageview", value: "/" }).expect(204);
    await beacon(t, { type: "search", value: "nothing here", results: 0 }).expect(204);
    const r = await until(admin, (r) => r.totals.searches === 1 && r.totals.pageviews === 1);
    const res = await admin.get(`/api/analytics/export.csv?from=${r.from}&to=${r.to}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain("attachment");
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe("date,pageviews,visitors,plays,listens,providerClicks,clipPlays,shares,searches");
    expect(lines).toHaveLength(31);
    expect(lines.at(-1)).toBe(`${r.to},1,1,0,0,0,0,0,1`);
  });
});

describe("GET /api/analytics/export.csv?table=", () => {
  /** A table's CSV for the range: 200, text/csv, an attachment named for the table and the range; its lines. */
  async function tableCsv(admin: Awaited<ReturnType<TestApp["admin"]>>, table: string, from: string, to: string) {
    const res = await admin.get(`/api/analytics/export.csv?table=${table}&from=${from}&to=${to}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="analytics-${table}-${from}-to-${to}.csv"`);
    expect(res.text.endsWith("\r\n")).toBe(true);
    return res.text;
  }

  it("when a visitor asks for a table, then it is 401", async ({ t }) => {
    for (const table of ["pages", "episodes", "referrers", "campaigns", "searches", "providers", "clips", "devices", "browsers"]) {
      const res = await t.request.get(`/api/analytics/export.csv?table=${table}`);
      expect(res.status, table).toBe(401);
      expect(res.text, table).not.toContain("visitors");
    }
  });

  it("when the table is unknown, repeated or empty, or the dates are bad, then it is a 400 in JSON", async ({ admin }) => {
    for (const query of [
      "?table=days",
      "?table=salts",
      "?table=",
      "?table=PAGES",
      "?table=pages&table=episodes",
      "?table=pages&from=2026-02-30",
      "?table=pages&from=2026-11-10&to=2026-11-01",
      "?table=pages&from=2025-01-01&to=2026-01-02",
    ]) {
      const res = await admin.get(`/api/analytics/export.csv${query}`);
      expect(res.status, query).toBe(400);
      expect(res.headers["content-type"], query).toMatch(/^application\/json/);
      expect(res.body.code, query).toBe("VALIDATION");
      expect(res.body.message, query).toEqual(expect.any(String));
    }
  });

  it("when every table is downloaded, then each has the header row naming the JSON's fields and the report's rows, formula-like cells made harmless and commas and quotes quoted", async ({
    t,
    admin,
  }) => {
    const episode = await publishedEpisode(admin, '=HYPERLINK("https://evil.example","Click, me")');
    const provider = (
      await admin.post("/api/providers").send({ name: "+Podcast App", url: "https://apps.example/show", icon: "fa-podcast" }).expect(201)
    ).body as { id: number };
    const clip = (await admin.post("/api/clips").send({ title: "@Why pain protects", youtubeEmbedUrl: YOUTUBE() }).expect(201)).body as {
      slug: string;
    };
    await beacon(t, { type: "pageview", value: "/", referrer: "-evil.example" }).expect(204);
    await beacon(t, { type: "pageview", value: "/about", referrer: "", utm: "=cmd|' /C calc'!A0" }, { "User-Agent": IPHONE }).expect(204);
    await beacon(t, { type: "play", value: episode.slug }).expect(204);
    await beacon(t, { type: "provider", value: String(provider.id) }).expect(204);
    await beacon(t, { type: "clip", value: clip.slug }).expect(204);
    await beacon(t, { type: "search", value: '=1+2, "quoted"', results: 0 }).expect(204);
    const r = await until(
      admin,
      (r) =>
        r.totals.pageviews === 2 && r.totals.plays === 1 && r.totals.searches === 1 && r.totals.clipPlays === 1 && r.campaigns.length === 1,
    );
    const lines = async (table: string) => (await tableCsv(admin, table, r.from, r.to)).split("\r\n").slice(0, -1);

    expect(await lines("pages")).toEqual(["path,pageviews,visitors", "/,1,1", "/about,1,1"]);
    expect(await lines("episodes")).toEqual([
      "slug,title,plays,listens,reached.25,reached.50,reached.75,reached.100",
      `${episode.slug},"'=HYPERLINK(""https://evil.example"",""Click, me"")",1,0,0,0,0,0`,
    ]);
    expect(await lines("referrers")).toEqual(expect.arrayContaining(["source,visitors", "'-evil.example,1"]));
    expect((await lines("referrers"))[0]).toBe("source,visitors");
    expect(await lines("campaigns")).toEqual(["campaign,visitors", "'=cmd|' /c calc'!a0,1"]);
    expect(await lines("searches")).toEqual(["q,count,results", `"'=1+2, ""quoted""",1,0`]);
    expect(await lines("providers")).toEqual(["id,name,clicks", `${provider.id},'+Podcast App,1`]);
    expect(await lines("clips")).toEqual(["slug,title,plays", `${clip.slug},'@Why pain protects,1`]);
    expect(await lines("devices")).toEqual(["kind,visitors", ...r.devices.map((d) => `${d.kind},${d.visitors}`)]);
    expect(await lines("devices")).toHaveLength(3);
    expect(await lines("browsers")).toEqual(["name,visitors", ...r.browsers.map((b) => `${b.name},${b.visitors}`)]);
    expect(await lines("browsers")).toHaveLength(3);
  });

  it("when the range holds no day of the counts, then each table is its header row alone, and the range is the one asked for", async ({
    t,
    admin,
  }) => {
    await beacon(t, { type: "pageview", value: "/", referrer: "news.example", utm: "newsletter" }).expect(204);
    await beacon(t, { type: "search", value: "brain", results: 3 }).expect(204);
    const r = await until(admin, (r) => r.totals.pageviews === 1 && r.totals.searches === 1);
    expect(r.campaigns).toEqual([{ campaign: "newsletter", visitors: 1 }]);
    expect(await tableCsv(admin, "pages", r.to, r.to)).toBe("path,pageviews,visitors\r\n/,1,1\r\n");
    expect(await tableCsv(admin, "campaigns", r.to, r.to)).toBe("campaign,visitors\r\nnewsletter,1\r\n");
    const before = new Date(Date.parse(`${r.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const earlier = new Date(Date.parse(`${r.to}T00:00:00Z`) - 10 * 86_400_000).toISOString().slice(0, 10);
    expect(await tableCsv(admin, "pages", earlier, before)).toBe("path,pageviews,visitors\r\n");
    expect(await tableCsv(admin, "campaigns", earlier, before)).toBe("campaign,visitors\r\n");
    expect(await tableCsv(admin, "searches", earlier, before)).toBe("q,count,results\r\n");
    expect(await tableCsv(admin, "referrers", earlier, before)).toBe("source,visitors\r\n");
    expect(await tableCsv(admin, "devices", earlier, before)).toBe("kind,visitors\r\n");
  });
});

describe("salts, retention, shutdown and backups", () => {
  it("when the UTC day changes, then the same browser is a new visitor under a new salt, and after 2 days the old salt and hashes are gone, the counts stay", async () => {
    let clock = new Date("2026-11-25T12:00:00Z");
    await withTestApp({ analytics: { flushMs: 50, now: () => clock } }, async (t) => {
      const admin = await t.admin();
      const range = "?from=2026-11-25&to=2026-11-27";
      await beacon(t, { type: "pageview", value: "/" }).expect(204);
      await until(admin, (r) => r.totals.visitors === 1, range);
      const salts = await rows(t, "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_salts ORDER BY day");
      expect(salts.map((s) => s.day)).toEqual(["2026-11-25", "2026-11-26"]);

      clock = new Date("2026-11-26T00:00:05Z");
      await beacon(t, { type: "pageview", value: "/" }).expect(204);
      const r = await until(admin, (r) => r.totals.visitors === 2, range);
      expect(r.days.map((d) => d.visitors)).toEqual([1, 1, 0]);
      const hashes = await rows(t, "SELECT encode(visitor, 'hex') AS h FROM analytics_seen WHERE kind = 'site'");
      expect(new Set(hashes.map((h) => h.h)).size).toBe(2);

      clock = new Date("2026-11-27T00:00:05Z");
      await expect
        .poll(async () => (await rows(t, "SELECT count(*)::int AS n FROM analytics_salts WHERE day < '2026-11-26'"))[0].n, {
          timeout: 10_000,
        })
        .toBe(0);
      expect((await rows(t, "SELECT count(*)::int AS n FROM analytics_seen WHERE day < '2026-11-26'"))[0].n).toBe(0);
      expect((await report(admin, range)).days.map((d) => d.pageviews)).toEqual([1, 1, 0]);
    });
  });

  it("when writes fail for a while, then what was counted meanwhile is written once they work, and a visitor seen before and after the failure is one visitor", async ({
    t,
    admin,
  }) => {
    const rollbacks = async () =>
      Number((await rows(t, "SELECT xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()"))[0].n);
    const failedBefore = await rollbacks();
    await t.db.database.pool.query("ALTER TABLE analytics_seen RENAME TO analytics_seen_away");
    try {
      await beacon(t, { type: "pageview", value: "/" }).expect(204);
      await expect.poll(rollbacks, { timeout: 10_000 }).toBeGreaterThan(failedBefore);
      await beacon(t, { type: "pageview", value: "/about" }).expect(204);
      const failedSince = await rollbacks();
      await expect.poll(rollbacks, { timeout: 10_000 }).toBeGreaterThan(failedSince);
    } finally {
      await t.db.database.pool.query("ALTER TABLE analytics_seen_away RENAME TO analytics_seen");
    }
    const r = await until(admin, (r) => r.totals.pageviews === 2);
    expect(r.totals.visitors).toBe(1);
    expect(r.pages).toEqual([
      { path: "/", pageviews: 1, visitors: 1 },
      { path: "/about", pageviews: 1, visitors: 1 },
    ]);
    expect((await rows(t, "SELECT count(DISTINCT visitor)::int AS n FROM analytics_seen"))[0].n).toBe(1);
  });

  it("when the app shuts down, then what it counted since its last write is written before the pool closes", async () => {
    const t = await createTestApp({ analytics: { flushMs: 3_600_000 } });
    const url = t.db.url;
    for (let i = 0; i < 25; i++) await beacon(t, { type: "pageview", value: "/" }).expect(204);
    await t.close({ keepDatabase: true });
    // A pool of the app's kind: its connections may still be closing when the database is dropped,
    // and an error said then must reach the pool's listener rather than end the test process.
    const reader = connectDatabase(url, { max: 1 });
    try {
      const { rows: counted } = await reader.pool.query("SELECT count FROM analytics_daily WHERE metric = 'pageviews' AND key = '/'");
      expect(counted).toEqual([{ count: 25 }]);
    } finally {
      await reader.close();
      await t.db.drop();
    }
  });

  it("when a backup is restored into an empty site, then the daily figures come with it", async ({ t, admin }) => {
    await beacon(t, { type: "pageview", value: "/listen" }).expect(204);
    await beacon(t, { type: "search", value: "sleep", results: 0 }).expect(204);
    const before = await until(admin, (r) => r.totals.pageviews === 1 && r.totals.searches === 1);
    const backup = await toBuffer((out) => writeBackup(t.db.database.pool, createLocalStore(t.objectsDir), out));
    const target = await createTestDb();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "analytics-restore-"));
    try {
      const input = new PassThrough();
      input.end(backup);
      await restoreBackup(target.database.pool, createLocalStore(dir), input);
      const daily = "SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, key, count FROM analytics_daily ORDER BY metric, key";
      expect((await target.database.pool.query(daily)).rows).toEqual((await t.db.database.pool.query(daily)).rows);
      expect((await target.database.pool.query("SELECT q, count, results FROM analytics_searches")).rows).toEqual([
        { q: "sleep", count: 1, results: 0 },
      ]);
      expect(before.searches).toEqual([{ q: "sleep", count: 1, results: 0 }]);
    } finally {
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A clock a test moves by hand (the analytics' `now`). */
class Clock {
  private at = new Date("2026-11-28T12:00:00Z").getTime();
  readonly now = () => new Date(this.at);
  advance(ms: number): void {
    this.at += ms;
  }
}

/** The agent of made-up browser number `n`: a browser to the bot list, another visitor to the analytics. */
const madeUp = (n: number) => CHROME.replace("Chrome/131.0.0.0", `Chrome/131.0.${n}.0`);

describe("figures one script cannot fake", () => {
  it("when one network sends 320 page views under 320 made-up user agents, then 30 visitors and their views are counted; one of them coming back still counts", async () => {
    await withTestApp({ analytics: { flushMs: 50, perMinute: 10_000 } }, async (t) => {
      const admin = await t.admin();
      for (let n = 0; n < 320; n++) await beacon(t, { type: "pageview", value: "/" }, { "User-Agent": madeUp(n) }).expect(204);
      await until(admin, (r) => r.totals.visitors === 30);
      await beacon(t, { type: "pageview", value: "/about" }, { "User-Agent": madeUp(0) }).expect(204);
      const r = await until(admin, (r) => r.pages.some((p) => p.path === "/about"));
      expect(r.totals).toMatchObject({ visitors: 30, pageviews: 31 });
    });
  });

  it("when play and progress beacons claim what could not have been heard, then only a counted play's listen, in time, against the site's duration, counts", async () => {
    const clock = new Clock();
    await withTestApp({ analytics: { flushMs: 50, now: clock.now } }, async (t) => {
      const admin = await t.admin();
      const res = await admin
        .post("/api/episodes")
        .send({ title: "An hour", audioUrl: "https://cdn.example/h.mp3", durationSeconds: 3600 });
      const slug = (res.body as { slug: string }).slug;
      const as = (n: number) => ({ "User-Agent": madeUp(n) });
      // No play at all, every mark claimed.
      await beacon(t, { type: "progress", value: slug, played: 3600, duration: 3600 }, as(1)).expect(204);
      // A play, and a claim of the whole of a made-up one-second episode.
      await beacon(t, { type: "play", value: slug }, as(2)).expect(204);
      await beacon(t, { type: "progress", value: slug, played: 1, duration: 1 }, as(2)).expect(204);
      // A play, and the whole hour claimed at once.
      await beacon(t, { type: "play", value: slug }, as(3)).expect(204);
      await beacon(t, { type: "progress", value: slug, played: 3600, duration: 3600 }, as(3)).expect(204);
      let r = await until(admin, (r) => r.totals.plays === 2);
      expect(r.episodes[0]).toMatchObject({ plays: 2, listens: 0, reached: { "25": 0, "50": 0, "75": 0, "100": 0 } });
      // Half an hour later, at double speed the hour could have been heard.
      clock.advance(30 * 60_000);
      await beacon(t, { type: "progress", value: slug, played: 3600, duration: 3600 }, as(3)).expect(204);
      r = await until(admin, (r) => r.totals.listens === 1);
      expect(r.episodes[0]).toMatchObject({ plays: 2, listens: 1, reached: { "25": 1, "50": 1, "75": 1, "100": 1 } });
    });
  });

  it("when one visitor presses a share button, a provider link and a clip poster 100 times each, then each counts once", async () => {
    await withTestApp({ analytics: { flushMs: 50, perMinute: 10_000 } }, async (t) => {
      const admin = await t.admin();
      const provider = (await admin.post("/api/providers").send({ name: "App", url: "https://apps.example/show", icon: "fa-podcast" }))
        .body as { id: number };
      const clip = (await admin.post("/api/clips").send({ title: "Why pain protects", youtubeEmbedUrl: YOUTUBE() })).body as {
        slug: string;
      };
      for (let i = 0; i < 100; i++) {
        await beacon(t, { type: "share", value: "x" }).expect(204);
        await beacon(t, { type: "provider", value: String(provider.id) }).expect(204);
        await beacon(t, { type: "clip", value: clip.slug }).expect(204);
      }
      await beacon(t, { type: "pageview", value: "/" }).expect(204);
      const r = await until(admin, (r) => r.totals.pageviews === 1);
      expect(r.totals).toMatchObject({ shares: 1, providerClicks: 1, clipPlays: 1 });
    });
  });

  it("when made-up referrers, campaigns and searches fill the day's names first, then a real source, campaign and search seen again keep theirs, without bidirectional marks", async () => {
    await withTestApp({ analytics: { flushMs: 50, perMinute: 10_000, caps: { values: 5 } } }, async (t) => {
      const admin = await t.admin();
      for (let n = 0; n < 5; n++) {
        await beacon(t, { type: "pageview", value: "/", referrer: `junk${n}.example` }, { "User-Agent": madeUp(n) }).expect(204);
        await beacon(t, { type: "search", value: `junk ${n}`, results: 0 }, { "User-Agent": madeUp(n) }).expect(204);
      }
      await until(admin, (r) => r.totals.searches === 5);
      for (const n of [10, 11, 12]) {
        const as = { "User-Agent": madeUp(n) };
        await beacon(t, { type: "pageview", value: "/", referrer: "news.example" }, as).expect(204);
        await beacon(t, { type: "pageview", value: "/about", referrer: "", utm: "Newsletter" }, as).expect(204);
        await beacon(t, { type: "search", value: "chronic\u202E pain", results: 2 }, as).expect(204);
      }
      const r = await until(admin, (r) => r.totals.searches === 8);
      expect(r.referrers).toEqual(
        expect.arrayContaining([
          { source: "news.example", visitors: 2 },
          { source: "newsletter", visitors: 2 },
        ]),
      );
      expect(r.searches).toContainEqual({ q: "chronic pain", count: 2, results: 2 });
    });
  });

  it("when one visitor repeats a made-up source window after window, then it is never named; two visitors name a real one", async () => {
    await withTestApp({ analytics: { flushMs: 50, perMinute: 10_000, caps: { values: 2 } } }, async (t) => {
      const admin = await t.admin();
      const view = (n: number, referrer: string, path = "/") =>
        beacon(t, { type: "pageview", value: path, referrer }, { "User-Agent": madeUp(n) }).expect(204);
      await view(1, "first.example");
      await view(1, "second.example", "/about");
      await until(admin, (r) => r.totals.pageviews === 2);
      for (let i = 0; i < 5; i++) {
        await view(2, "junk.example", i % 2 ? "/about" : "/");
        await until(admin, (r) => r.totals.pageviews === 3 + i);
      }
      await view(3, "news.example");
      await view(4, "news.example");
      const r = await until(admin, (r) => r.totals.pageviews === 9);
      expect(r.referrers.map((s) => s.source)).not.toContain("junk.example");
      expect(r.referrers).toContainEqual({ source: "news.example", visitors: 1 });
    });
  });

  it("when a client's beacons are refused again and again, then the log has one line for it a minute", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
    await withTestApp({ logger, analytics: { flushMs: 50, perMinute: 2 } }, async (t) => {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await beacon(t, { type: "pageview", value: "/" })).status);
      expect(statuses.filter((s) => s === 429)).toHaveLength(18);
      expect(lines.filter((l) => l.includes("beacons were refused"))).toHaveLength(1);
    });
  });
});
