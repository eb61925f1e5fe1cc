import fs from "node:fs";
import { type AppProcess, type Check, Client, sleep, startApp, tempDir } from "./lib";

/** How many seconds of beacons a crash may lose (README "Analytics and privacy"), plus one for a write in progress. */
const CRASH_LOSS_MS = 6_000;
const SENDERS = 16;

interface Flood {
  /** When each acknowledged (204) beacon was answered, by the client's clock. */
  acked: number[];
  /** Beacons sent, answered or not. */
  sent(): number;
  stop(): Promise<void>;
}

/**
 * Page-view beacons from many made-up addresses (the app trusts the loopback proxy, so each
 * X-Forwarded-For is a client of its own, and none reaches the per-client limit), as fast as
 * `SENDERS` connections go, until stopped or the server goes away.
 */
function flood(app: AppProcess): Flood {
  const acked: number[] = [];
  let sent = 0;
  let isStopped = false;
  const sender = async (n: number) => {
    for (let i = 0; !isStopped; i++) {
      try {
        sent++;
        const res = await fetch(`${app.url}/api/events`, {
          method: "POST",
          headers: {
            Origin: app.url,
            "Content-Type": "text/plain",
            "User-Agent": `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36`,
            "X-Forwarded-For": `10.${n}.${(i >> 8) & 255}.${i & 255}`,
          },
          body: JSON.stringify({ type: "pageview", value: "/" }),
          signal: AbortSignal.timeout(5_000),
        });
        await res.arrayBuffer();
        if (res.status === 204) acked.push(Date.now());
      } catch {
        // Refused or cut off: the server is going away; what it did not answer was not acknowledged.
        if (app.child.exitCode !== null || app.child.signalCode !== null) return;
        await sleep(20);
      }
    }
  };
  const senders = Array.from({ length: SENDERS }, (_, n) => sender(n));
  return {
    acked,
    sent: () => sent,
    async stop() {
      isStopped = true;
      await Promise.all(senders);
    },
  };
}

async function pageviewsToday(app: AppProcess): Promise<number> {
  const client = new Client(app.url);
  await client.login();
  const today = new Date().toISOString().slice(0, 10);
  const r = await client.request("GET", `/api/analytics?from=${today}&to=${today}`);
  if (r.status !== 200) throw new Error(`the report answered ${r.status}: ${r.text}`);
  return (r.body as { totals: { pageviews: number } }).totals.pageviews;
}

/**
 * Beacons in a flood, then SIGTERM: every acknowledged beacon is in the database after the
 * restart (the shutdown writes what was counted). Then a flood and `kill -9`: what is lost is at
 * most what the last seconds brought (README: 5 s), and nothing is counted twice.
 */
export async function analyticsFlood(check: Check): Promise<void> {
  const dataDir = tempDir("analytics");
  const env = { DATA_DIR: dataDir, TRUST_PROXY: "loopback" };
  let app: AppProcess | undefined;
  try {
    app = await startApp(env);
    let beacons = flood(app);
    await sleep(3_000);
    await app.kill("SIGTERM");
    await beacons.stop();
    const first = beacons.acked.length;
    check.that(first > 0, `beacons were acknowledged during the flood (${first})`);
    app = await startApp(env, app.port);
    const afterTerm = await pageviewsToday(app);
    check.that(
      afterTerm >= first && afterTerm <= beacons.sent(),
      `SIGTERM during a flood lost nothing: ${afterTerm} page views stored, ${first} acknowledged (${beacons.sent()} sent)`,
    );

    beacons = flood(app);
    await sleep(9_000);
    const killedAt = Date.now();
    app.child.kill("SIGKILL");
    await beacons.stop();
    await app.kill("SIGKILL");
    const second = beacons.acked.length;
    const due = beacons.acked.filter((t) => t < killedAt - CRASH_LOSS_MS).length;
    app = await startApp(env, app.port);
    const stored = (await pageviewsToday(app)) - afterTerm;
    check.that(
      stored >= due && stored <= second,
      `kill -9 lost only the last seconds: ${stored} of ${second} acknowledged page views stored, all ${due} acknowledged more than ${CRASH_LOSS_MS / 1000} s before the kill among them (lost ${second - stored})`,
    );
  } finally {
    await app?.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
