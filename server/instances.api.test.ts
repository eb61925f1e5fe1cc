import pg from "pg";
import supertest from "supertest";
import { describe, expect } from "vitest";
import type { ChangeBusStats } from "./platform/db/change-bus";
import { appTest, type TestApp } from "./test/harness";

// An hour: within a test, only a notice can explain that another instance's write shows.
const it = appTest({ cacheTtlMs: 3_600_000 });

/**
 * Waits until the bus's counters say what `done` asks, checking at most 200 times, 25 ms apart:
 * a bound on the wait, not a time the test expects it to take.
 */
async function until(stats: ChangeBusStats, done: (s: ChangeBusStats) => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (done(stats)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the change bus never got there: ${what} (${JSON.stringify(stats)})`);
}

/** A second instance of the site on the same database, as visitors reach it. */
function secondInstance(t: TestApp) {
  const app = t.restart();
  return { app, request: supertest(app.listener), bus: app.bus.stats };
}

const providerNames = async (request: ReturnType<typeof supertest>) =>
  ((await request.get("/api/providers").expect(200)).body as { name: string }[]).map((p) => p.name);

describe("several instances on one database", () => {
  it("when one instance writes, then another drops its cache on the notice and its next visitor sees the write", async ({ t, admin }) => {
    const b = secondInstance(t);
    await until(b.bus, (s) => s.listening, "B listens");
    await until(t.app.bus.stats, (s) => s.listening, "A listens");
    // B remembers the empty list (the second read comes from its fast path).
    expect(await providerNames(b.request)).toEqual([]);
    expect(await providerNames(b.request)).toEqual([]);
    await admin.post("/api/providers").send({ name: "Pocket Casts", url: "https://pca.st/x", icon: "pocket-casts" }).expect(201);
    await until(b.bus, (s) => s.received >= 1, "B hears A's notice");
    expect(await providerNames(b.request)).toEqual(["Pocket Casts"]);
    // Its own notices an instance does not act on twice.
    expect(t.app.bus.stats.received).toBe(0);
  });

  it("when the listening connection is lost, then the instance drops its cache, listens again and hears the next write", async ({
    t,
    admin,
  }) => {
    const b = secondInstance(t);
    await until(b.bus, (s) => s.listening, "B listens");
    expect(await providerNames(b.request)).toEqual([]);
    const killer = new pg.Client({ connectionString: t.db.url });
    await killer.connect();
    await killer.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'podcast-site notices'",
    );
    await killer.end();
    await until(b.bus, (s) => !s.listening, "B notices the loss");
    // Written while B hears nothing: B learns of it by dropping everything when it listens again.
    await admin.post("/api/providers").send({ name: "Castbox", url: "https://castbox.fm/x", icon: "castbox" }).expect(201);
    await until(b.bus, (s) => s.listening && s.reconnects >= 1, "B listens again");
    expect(await providerNames(b.request)).toEqual(["Castbox"]);
    await until(t.app.bus.stats, (s) => s.listening, "A listens again");
    const heard = b.bus.received;
    await admin.post("/api/providers").send({ name: "Overcast", url: "https://overcast.fm/x", icon: "overcast" }).expect(201);
    await until(b.bus, (s) => s.received > heard, "B hears the next write");
    expect(await providerNames(b.request)).toEqual(["Castbox", "Overcast"]);
  });
});
