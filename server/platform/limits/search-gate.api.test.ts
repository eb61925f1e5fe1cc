import http from "node:http";
import type { AddressInfo } from "node:net";
import type pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { SearchGateLimits } from "./search-gate";
import { createTestApp, type TestApp } from "../../test/harness";

/**
 * Searching is bounded per client, never per site (docs/product.md "The show's feed and episode
 * pages"), over real HTTP: the app behind a trusted proxy on loopback, so X-Forwarded-For names
 * the client.
 */
let t: TestApp | undefined;
let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await t?.close();
  server = t = undefined;
});

async function serve(searchLimits?: SearchGateLimits) {
  t = await createTestApp({ config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: "loopback" }, searchLimits });
  server = http.createServer(t.app.listener);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (from: string, q: string) => {
    const res = await fetch(`${base}/api/episodes/archive?q=${encodeURIComponent(q)}`, { headers: { "X-Forwarded-For": from } });
    return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as Record<string, unknown> };
  };
}

/**
 * Holds every search at its first statement (the SET LOCAL statement_timeout of
 * modules/episodes/storage.ts) until released: searches that stay running as long as a test needs,
 * without a clock, and with no statement timeout running while they wait.
 */
function holdSearches(pool: pg.Pool) {
  const held: (() => void)[] = [];
  const watchers: { count: number; resolve: () => void }[] = [];
  let holding = true;
  const wrapped = new WeakSet<pg.PoolClient>();
  const hold = (client: pg.PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    // Every argument passed on: the pool's own query() gives a callback as the last one.
    client.query = ((...args: unknown[]) => {
      const [config] = args;
      const text = typeof config === "string" ? config : (config as { text?: string } | undefined)?.text;
      if (!holding || !text?.includes("statement_timeout")) return query(...args);
      return new Promise((resolve) => {
        held.push(() => resolve(query(...args)));
        for (const w of watchers.filter((w) => held.length >= w.count)) w.resolve();
      });
    }) as typeof client.query;
  };
  const wrap = (client: pg.PoolClient) => {
    if (!wrapped.has(client)) {
      wrapped.add(client);
      hold(client);
    }
    return client;
  };
  // Both of pg's forms: a promise (Drizzle's transactions) and a callback (the pool's own query()).
  type Callback = (err: Error | undefined, client?: pg.PoolClient, done?: unknown) => void;
  const connect = pool.connect.bind(pool) as (callback?: Callback) => unknown;
  pool.connect = ((callback?: Callback) =>
    callback
      ? connect((err, client, done) => callback(err, client && wrap(client), done))
      : (connect() as Promise<pg.PoolClient>).then(wrap)) as typeof pool.connect;
  return {
    /** Settles once `count` searches are held. */
    held: (count: number) => new Promise<void>((resolve) => (held.length >= count ? resolve() : watchers.push({ count, resolve }))),
    release() {
      holding = false;
      for (const go of held.splice(0)) go();
    },
  };
}

/** Settles once `count` of `answers` have come back. */
function settled<T>(answers: Promise<T>[], count: number): Promise<void> {
  let done = 0;
  return new Promise((resolve) => {
    for (const answer of answers) void answer.finally(() => ++done === count && resolve());
  });
}

const counted = (statuses: number[]) => Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length]));

describe("searching, bounded per client", () => {
  it("when one client has two searches running, then its third gets 429 with Retry-After, and another client's search answers 200", async () => {
    const search = await serve();
    const hold = holdSearches(t!.db.database.pool);
    // Three addresses of one IPv6 /64: one client.
    const running = [search("2001:db8:1:2::1", "first"), search("2001:db8:1:2::2", "second")];
    await hold.held(2);
    const third = await search("2001:db8:1:2:ffff::9", "third");
    expect(third).toMatchObject({
      status: 429,
      body: { code: "TOO_MANY_REQUESTS", message: "Too many searches; please wait a moment and search again" },
    });
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    const other = search("198.51.100.7", "other");
    hold.release();
    expect((await other).status).toBe(200);
    expect((await Promise.all(running)).map((r) => r.status)).toEqual([200, 200]);
  });

  it("when one client bursts 300 searches, then no one's search answers 503, and another client's search answers 200", async () => {
    const search = await serve();
    const hold = holdSearches(t!.db.database.pool);
    const burst = Array.from({ length: 300 }, (_, i) => search("203.0.113.9", `burst${i}`));
    await hold.held(2);
    await settled(burst, 298);
    const other = search("198.51.100.7", "other");
    hold.release();
    expect((await other).status).toBe(200);
    expect(counted((await Promise.all(burst)).map((r) => r.status))).toEqual({ 200: 2, 429: 298 });
  });

  it("when one client starts more searches a minute than allowed, then past that it gets 429 with Retry-After, and another client still searches", async () => {
    const search = await serve({ perClientPerMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await search("203.0.113.9", `word${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await search("203.0.113.9", "again");
    expect(refused).toMatchObject({ status: 429, body: { code: "TOO_MANY_REQUESTS", requestId: expect.any(String) } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await search("198.51.100.7", "elsewhere")).status).toBe(200);
  });
});
