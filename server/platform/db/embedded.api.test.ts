import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../runtime/logger";
import { startEmbeddedPostgres, type EmbeddedServer } from "./embedded";

const logger = createLogger("silent");
let dirs: string[] = [];
let servers: EmbeddedServer[] = [];

/** Each test's own DATA_DIR, under /tmp and open to the postgres user (mkdtemp makes 0700 folders). */
function newDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-embedded-"));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

async function start(dir: string): Promise<EmbeddedServer> {
  const server = await startEmbeddedPostgres(dir, logger, { fast: true });
  servers.push(server);
  return server;
}

afterEach(async () => {
  // The latest first: a server left running over a stale one is the one that holds the cluster.
  for (const s of servers.reverse()) await s.stop().catch(() => {});
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  servers = [];
  dirs = [];
});

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("embedded PostgreSQL", () => {
  it("when started on an empty DATA_DIR, then a cluster is made and answers on a socket inside DATA_DIR", async () => {
    const dir = newDataDir();
    const server = await start(dir);
    expect(server.url).toContain(encodeURIComponent(path.join(dir, "postgres-run")));
    await query(server.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('before crash')");
    expect(await query(server.url, "SELECT v FROM kept")).toEqual([{ v: "before crash" }]);
  });

  it("when the app died without stopping it (kill -9), then the next start stops the stale server and comes up with the data", async () => {
    const dir = newDataDir();
    const first = await start(dir);
    await query(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('before crash')");
    // The first server is left running, as after a kill -9 of Node: start again over it.
    const again = await start(dir);
    expect(await query(again.url, "SELECT v FROM kept")).toEqual([{ v: "before crash" }]);
    await again.stop();
  });

  it("when a postmaster.pid names a process that is gone, then it is cleared and the start succeeds", async () => {
    const dir = newDataDir();
    const first = await start(dir);
    await query(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('before crash')");
    await first.stop();
    fs.writeFileSync(path.join(dir, "postgres", "postmaster.pid"), "999999\n");
    const server = await start(dir);
    expect(await query(server.url, "SELECT count(*)::int AS n FROM kept")).toEqual([{ n: 1 }]);
    await server.stop();
  });

  it("when the postgres user cannot enter DATA_DIR's parents, then it says so clearly", async () => {
    if (process.getuid?.() !== 0) return; // only root runs the cluster as another user
    const closed = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-closed-"));
    try {
      await expect(startEmbeddedPostgres(path.join(closed, "data"), logger, { lock: false })).rejects.toThrow(/cannot enter/);
    } finally {
      fs.rmSync(closed, { recursive: true, force: true });
    }
  });
});
