/**
 * The owner's analytics under load (docs/analytics.md), a part of `npm run bench` that also runs
 * alone: `npx tsx bench/analytics.ts` (it builds the server when dist/ has none, and prints its
 * figures). On a fresh embedded database, with the app trusting the loopback proxy so every
 * beacon can come from an address of its own:
 *
 * - `POST /api/events` at 50 connections after a 2 s warm-up, beside the Express hello-world floor
 *   and a bare node:http server that parses the same beacons and answers 204, in the same run;
 *   the database's transactions per second meanwhile (the beacons are written in batches), and
 *   the event loop's largest delay meanwhile (Node's monitorEventLoopDelay, as the app's metrics
 *   give it: it times a 10 ms timer, so a loop never held reads about 10 ms, one held B ms B to B + 10);
 * - the same beacons at a steady 2,000 a second: their p99;
 * - a flood of 1,000,000 beacons with distinct made-up paths, referrers and agents from 1,000
 *   networks (a tenth of them on real pages, so the per-day caps fold something): the process's
 *   resident memory once written, against before, and the rows of the daily table;
 * - the owner's report for a year as full as the caps allow (every day with its 500 pages,
 *   sources and searches): the median of 5 reads.
 *
 * Figures are reported, never asserted. One is a target (bench/README.md "Targets"): the beacons at
 * 0.5× or more the bare beacon server; the rest are reported, not held to a target.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { runningEmbeddedUrl } from "../server/platform/db/embedded";
import { type AppProcess, Client, freePort, ROOT, sleep, startApp, tempDir } from "../scripts/faults/lib";
import { type Figures, measureFloorOf, OUTSIDER, withFloor } from "./outsider";
import { runAlone } from "./alone";

type LoadFigures = Pick<Figures, "rps" | "p50" | "p99" | "errors">;
const CONNECTIONS = OUTSIDER.connections;
const DURATION = OUTSIDER.seconds;

const FLOOD = Number(process.env.BENCH_ANALYTICS_FLOOD ?? 1_000_000);
/** The networks the flood comes from (docs/analytics.md "Figures one script cannot fake"). */
const FLOOD_NETWORKS = 1_000;
/** The steady rate whose p99 is measured. */
const PACED_RATE = 2_000;
/** The target (bench/README.md "Targets"): the beacons at this many times or more the bare beacon server's requests/s, in the same run. */
export const BEACON_TARGET = 0.5;
/** Two writes (every 5 s) and a little: what was counted is in the database, and the window is let go. */
const WRITTEN_MS = 12_000;
const SETTLE_S = 25;

const AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
];
const EVENTS = [
  JSON.stringify({ type: "pageview", value: "/", referrer: "" }),
  JSON.stringify({ type: "pageview", value: "/about" }),
  JSON.stringify({ type: "pageview", value: "/listen", referrer: "news.example" }),
  JSON.stringify({ type: "share", value: "x" }),
  JSON.stringify({ type: "search", value: "chronic pain", results: 0 }),
];

export interface AnalyticsFigures {
  /** The load of the beacon runs: connections, and seconds measured after the warm-up. */
  load: { connections: number; seconds: number };
  floor: LoadFigures;
  /** The same beacons to a bare node:http server that parses each and answers 204. */
  beaconFloor: LoadFigures;
  beacons: LoadFigures;
  /** The same beacons at a steady PACED_RATE a second. */
  paced: LoadFigures;
  /** The owner's report for a year, the median of 5 reads, in ms. */
  yearReportMs: number;
  /** The database's committed transactions per second while the beacons came (reads of the bench itself left out). */
  commitsPerSecond: number;
  /** The event loop's largest delay while the beacons came and were written, in ms (see loopDelayMaxSinceLastRead). */
  loopDelayMaxMs: number;
  flood: { beacons: number; seconds: number; rps: number; non204: number };
  rssBeforeMb: number;
  rssAfterMb: number;
  dailyRows: { before: number; after: number };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
/**
 * The lowest of a sample a second for `SETTLE_S` seconds: what the process holds once the garbage of
 * the load before is collected and V8 has handed its free pages back (its memory reducer acts on
 * an 8 s tick once the allocation rate is low: one or two ticks after the load ends).
 */
async function settledRssMb(pid: number): Promise<number> {
  let lowest = Infinity;
  for (let i = 0; i < SETTLE_S; i++) {
    lowest = Math.min(lowest, rssMb(pid));
    await sleep(1_000);
  }
  return lowest;
}
/** A made-up address per beacon: the per-client limit (300 a minute) is never what answers. */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

async function commits(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()");
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * The event loop's largest delay since the last read, in ms: prom-client's
 * `nodejs_eventloop_lag_max_seconds`, from monitorEventLoopDelay on its default 10 ms timer and
 * reset at every read. It counts the timer's own 10 ms: a loop never held reads about 10 ms, and
 * one held B ms reads between B and B + 10.
 */
async function loopDelayMaxSinceLastRead(metricsPort: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const value = /^nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1];
  if (value === undefined) throw new Error("the app's metrics name no nodejs_eventloop_lag_max_seconds");
  return Number(value) * 1000;
}

async function dailyRows(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM analytics_daily")).rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Beacons to `url` (its origin is the Origin sent): a warm-up that is thrown away, then the measured run, at most `overallRate` a second. */
async function beaconLoad(url: string, overallRate?: number): Promise<LoadFigures> {
  const origin = new URL(url).origin;
  let n = 0;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      ...(overallRate ? { overallRate } : {}),
      requests: [
        {
          method: "POST",
          setupRequest: (req) => {
            n++;
            return {
              ...req,
              headers: {
                origin,
                "content-type": "text/plain;charset=UTF-8",
                "user-agent": AGENTS[n % AGENTS.length]!,
                "x-forwarded-for": address(n),
              },
              body: EVENTS[n % EVENTS.length]!,
            };
          },
        },
      ],
    });
  await run(OUTSIDER.warmupSeconds);
  const result = await run(DURATION);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function floodOfMadeUp(app: AppProcess): Promise<AnalyticsFigures["flood"]> {
  let n = 0;
  const startedAt = Date.now();
  const result = await autocannon({
    url: `${app.url}/api/events`,
    connections: CONNECTIONS,
    amount: FLOOD,
    requests: [
      {
        method: "POST",
        setupRequest: (req) => {
          n++;
          const real = n % 10 === 0;
          return {
            ...req,
            headers: {
              origin: app.url,
              "content-type": "text/plain;charset=UTF-8",
              "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Made-up/${n}.0 Safari/537.36`,
              "x-forwarded-for": address(n % FLOOD_NETWORKS),
            },
            body: JSON.stringify({
              type: "pageview",
              value: real ? "/" : `/episode/made-up-${n}`,
              referrer: `r${n}.made-up.example`,
              utm: `campaign-${n}`,
            }),
          };
        },
      },
    ],
  });
  const seconds = (Date.now() - startedAt) / 1000;
  return { beacons: result.requests.total, seconds, rps: result.requests.total / seconds, non204: result.non2xx + result.errors };
}

/** A year of the fullest days the caps allow, written as the app writes them, then the owner's report of it read 5 times. */
async function yearReport(app: AppProcess, db: string): Promise<number> {
  const client = new pg.Client({ connectionString: db });
  await client.connect();
  try {
    await client.query(`
      INSERT INTO analytics_daily (day, metric, key, count)
      SELECT d::date, m, k || n, 1 + (n * 7919) % 97
      FROM generate_series(current_date - 365, current_date, '1 day') AS d,
           unnest(ARRAY['pageviews', 'visitors', 'referrer_visitors']) AS m,
           (VALUES ('/episode/e'), ('s')) AS p(k), generate_series(1, 250) AS n
      ON CONFLICT DO NOTHING`);
    await client.query(`
      INSERT INTO analytics_searches (day, q, count, results)
      SELECT d::date, 'words ' || n, 1 + n % 13, n % 5
      FROM generate_series(current_date - 365, current_date, '1 day') AS d, generate_series(1, 500) AS n
      ON CONFLICT DO NOTHING`);
  } finally {
    await client.end();
  }
  const owner = new Client(app.url);
  await owner.login();
  const to = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    const startedAt = performance.now();
    const res = await owner.request("GET", `/api/analytics?from=${from}&to=${to}`);
    if (res.status !== 200) throw new Error(`the year's report answered ${res.status}`);
    if (i > 0) times.push(performance.now() - startedAt); // the first read warms the caches
  }
  return times.sort((a, b) => a - b)[2]!;
}

export async function benchAnalytics(): Promise<AnalyticsFigures> {
  if (!fs.existsSync(path.join(ROOT, "dist", "server", "index.js"))) {
    execFileSync("node", ["scripts/build-server.mjs"], { cwd: ROOT, stdio: "inherit" });
  }
  const dataDir = tempDir("bench-analytics");
  let app: AppProcess | undefined;
  try {
    const metricsPort = await freePort();
    app = await startApp({ DATA_DIR: dataDir, TRUST_PROXY: "loopback", LOG_LEVEL: "warn", METRICS_PORT: String(metricsPort) });
    const db = runningEmbeddedUrl(dataDir)!;
    const floor = await measureFloorOf("express");
    const beaconFloor = await withFloor("beacon", (url) => beaconLoad(`${url}/api/events`));
    const before = await commits(db);
    await loopDelayMaxSinceLastRead(metricsPort);
    const startedAt = Date.now();
    const beacons = await beaconLoad(`${app.url}/api/events`);
    await sleep(WRITTEN_MS);
    const loopDelayMaxMs = await loopDelayMaxSinceLastRead(metricsPort);
    // The two reads of pg_stat_database are this script's own transactions.
    const commitsPerSecond = ((await commits(db)) - before - 2) / ((Date.now() - startedAt) / 1000);
    const paced = await beaconLoad(`${app.url}/api/events`, PACED_RATE);
    await sleep(WRITTEN_MS);

    const rowsBefore = await dailyRows(db);
    const rssBeforeMb = await settledRssMb(app.child.pid!);
    const flood = await floodOfMadeUp(app);
    await sleep(WRITTEN_MS);
    const rssAfterMb = await settledRssMb(app.child.pid!);
    const floodRows = await dailyRows(db);
    const yearReportMs = await yearReport(app, db);
    return {
      load: { connections: CONNECTIONS, seconds: DURATION },
      floor,
      beaconFloor,
      beacons,
      paced,
      yearReportMs,
      commitsPerSecond,
      loopDelayMaxMs,
      flood,
      rssBeforeMb,
      rssAfterMb,
      dailyRows: { before: rowsBefore, after: floodRows },
    };
  } finally {
    await app?.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How far `value` is from `target`, in percent of the target: one decimal under 1 %. */
const percentOff = (value: number, target: number) => {
  const off = (Math.abs(value - target) / target) * 100;
  return off < 1 ? off.toFixed(1) : off.toFixed(0);
};

/** The figures as a section of bench/RESULTS.md, and the target missed (the beacons against the bare beacon server), if it is. */
export function analyticsReport(f: AnalyticsFigures): { section: string; misses: string[] } {
  const ratio = f.beacons.rps / f.floor.rps;
  const growth = f.rssAfterMb - f.rssBeforeMb;
  const misses: string[] = [];
  const bare = f.beacons.rps / f.beaconFloor.rps;
  // Answers that are not 204 (a limit, an error) are not beacons taken: their rate is not the beacons'.
  if (bare < BEACON_TARGET || f.beacons.errors > 0) {
    const shown = bare < BEACON_TARGET && Number(bare.toFixed(2)) >= BEACON_TARGET ? bare.toFixed(3) : bare.toFixed(2);
    misses.push(
      `POST /api/events (the beacons) at ${shown}× the bare beacon server (target ${BEACON_TARGET}× or more${bare >= BEACON_TARGET ? "" : `, ${percentOff(bare, BEACON_TARGET)}% short`}${f.beacons.errors > 0 ? `; ${f.beacons.errors} answers not 204` : ""})`,
    );
  }
  const section = `## Owner analytics

\`POST /api/events\` at ${f.load.connections} connections for ${f.load.seconds} s (page views, shares and searches from made-up addresses
behind the loopback proxy, six real browsers' agents), beside the Express hello-world floor and a bare node:http server
taking the same beacons (the bare beacon server), in the same run; then the same at a steady ${PACED_RATE} a second; then
${f.flood.beacons.toLocaleString("en")} beacons with distinct made-up paths (a tenth on real pages), referrers, campaigns and agents from
${FLOOD_NETWORKS.toLocaleString("en")} networks; then the owner's report of a year of full days. The target: the beacons at ${BEACON_TARGET}× or more
the bare beacon server; the other figures are reported, not held to a target.

| | figure |
|---|---|
| Express hello-world (floor) | ${Math.round(f.floor.rps)} requests/s, p99 ${f.floor.p99} ms |
| bare node:http parsing the same beacons, answering 204 | ${Math.round(f.beaconFloor.rps)} requests/s (${(f.beaconFloor.rps / f.floor.rps).toFixed(2)}× the floor), p99 ${f.beaconFloor.p99} ms |
| \`POST /api/events\` | ${Math.round(f.beacons.rps)} requests/s (${ratio.toFixed(2)}× the floor, ${(f.beacons.rps / f.beaconFloor.rps).toFixed(2)}× the bare beacon server), p50 ${f.beacons.p50} ms, p99 ${f.beacons.p99} ms, ${f.beacons.errors} not 204 |
| \`POST /api/events\` at a steady ${PACED_RATE} a second | p50 ${f.paced.p50} ms, p99 ${f.paced.p99} ms, ${f.paced.errors} not 204 |
| database transactions while the beacons came | ${f.commitsPerSecond.toFixed(1)} per second (for ${Math.round(f.beacons.rps)} beacons per second) |
| the event loop's largest delay while they came and were written (a 10 ms timer: about 10 ms when never held) | ${Math.round(f.loopDelayMaxMs)} ms |
| flood of made-up beacons | ${Math.round(f.flood.rps)} per second, ${f.flood.non204} not 204 |
| Node resident memory before the flood, and once it was written | ${f.rssBeforeMb.toFixed(1)} MB, ${f.rssAfterMb.toFixed(1)} MB (${growth >= 0 ? "+" : ""}${growth.toFixed(1)} MB) |
| rows of the daily table before and after the flood | ${f.dailyRows.before}, ${f.dailyRows.after} |
| the owner's report for a year (366 full days), median of 5 | ${Math.round(f.yearReportMs)} ms |
`;
  return { section, misses };
}

runAlone(import.meta.url, benchAnalytics, analyticsReport);
