import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { describe, expect } from "vitest";
import { serveMetrics } from "./platform/runtime/metrics";
import { feedXml, setFeedUrl, useFeedServer } from "./test/feed-server";
import { appTest, postEpisode, SPOTIFY } from "./test/harness";

const host = useFeedServer();
const it = appTest({ config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, feedAllowPrivate: true } });

describe("health for process managers", () => {
  it("when the process runs and the schema is this code's, then live and ready are 200 and never cached", async ({ t }) => {
    const live = await t.request.get("/api/health/live").expect(200, { status: "ok" });
    const ready = await t.request.get("/api/health/ready").expect(200, { status: "ready" });
    expect([live.headers["cache-control"], ready.headers["cache-control"]]).toEqual(["no-store", "no-store"]);
  });

  it("when the newest migration is missing from the database, then ready is 503 saying so, and live stays 200", async ({ t }) => {
    const client = new pg.Client({ connectionString: t.db.url });
    await client.connect();
    await client.query(
      "DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)",
    );
    await client.end();
    const ready = await t.request.get("/api/health/ready").expect(503);
    expect(ready.body.message).toBe("The database schema is not up to date: migrations have not finished");
    await t.request.get("/api/health/live").expect(200);
  });

  it("when the database is gone, then ready is 503 and live is 200", async ({ t }) => {
    await t.db.database.close();
    const ready = await t.request.get("/api/health/ready").expect(503);
    expect(ready.body.message).toBe("The database is unavailable");
    await t.request.get("/api/health/live").expect(200);
  });
});

describe("metrics", () => {
  it("when Prometheus scrapes, then requests by route, cache reads, feed syncs, the change bus and the pool are there, on loopback only", async ({
    t,
    admin,
  }) => {
    await postEpisode(admin, { title: "One", spotifyEmbedUrl: SPOTIFY(1) });
    await t.request.get("/api/episodes").expect(200);
    await t.request.get("/api/episodes").expect(200);
    await t.request.get("/api/clips/slug/nothing").expect(404);
    host.routes.set("/feed.xml", { body: feedXml([{ title: "From the feed", guid: "g1" }]) });
    await setFeedUrl(admin, host.url("/feed.xml"));
    await admin.post("/api/feed/sync").send({}).expect(200);
    host.routes.set("/feed.xml", { status: 500 });
    await admin.post("/api/feed/sync").send({}).expect(422);

    const server = await serveMetrics(t.app.metrics.registry, 0);
    try {
      const { address, port } = server.address() as AddressInfo;
      expect(address).toBe("127.0.0.1");
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toMatch(/http_requests_total\{route="\/api\/episodes",method="GET",status="200",path="express"\} 1/);
      expect(text).toMatch(/http_requests_total\{route="\/api\/episodes",method="GET",status="200",path="fast"\} 1/);
      expect(text).toMatch(/http_requests_total\{route="\/api\/clips\/slug\/:slug",method="GET",status="404",path="express"\} 1/);
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.0005",route="\/api\/episodes",path="fast"\}/);
      expect(text).toMatch(/public_cache_reads_total\{result="miss"\} [1-9]/);
      expect(text).toMatch(/feed_syncs_total\{outcome="changed"\} 1/);
      expect(text).toMatch(/feed_syncs_total\{outcome="failed"\} 1/);
      expect(text).toMatch(/change_notices_total\{direction="published"\} [1-9]/);
      expect(text).toMatch(/change_bus_listening\{bus="notices"\} 1/);
      expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it("when thousands of case and trailing-slash spellings of API paths and pages are asked for, then the route labels stay the same few", async ({
    t,
  }) => {
    const server = http.createServer(t.app.listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const routeValues = async () => {
      const requests = (await t.app.metrics.registry.getMetricsAsJSON()).find((metric) => metric.name === "http_requests_total")!;
      return new Set((requests as unknown as { values: { labels: { route: string } }[] }).values.map((value) => value.labels.route));
    };
    const paths = [
      "/api/episodes",
      "/api/clips",
      "/api/providers",
      "/api/clips/slug/some-clip",
      "/api/episodes/slug/some-episode",
      "/api/settings/podcast_title",
      "/api/identity",
      "/about",
      "/archive",
      "/episode/some-episode",
      "/no-such-page",
    ];
    /** The n-th spelling: each letter's case from one bit of n, and a trailing slash from the next. */
    const spelling = (path: string, n: number) => {
      let bit = 0;
      const cased = [...path].map((c) => (/[a-z]/.test(c) && (n >> bit++) & 1 ? c.toUpperCase() : c)).join("");
      return (n >> bit) & 1 ? `${cased}/` : cased;
    };
    try {
      for (const path of paths) await fetch(base + path);
      const before = await routeValues();

      for (let n = 1; n <= 200; n++) await Promise.all(paths.map(async (path) => (await fetch(base + spelling(path, n))).arrayBuffer()));

      expect([...(await routeValues())].sort()).toEqual([...before].sort());
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
