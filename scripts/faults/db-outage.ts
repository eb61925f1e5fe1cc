import fs from "node:fs";
import { type AppProcess, type Check, Client, sleep, startApp, startPostgres, tempDir } from "./lib";

const SQL_WORDS = /select|insert|update|relation|syntax|postgres|ECONN|\.ts:\d+/i;

/** Every process of one PostgreSQL cluster: the postmaster and its children. */
function clusterPids(postmasterPid: number): number[] {
  const pids = [postmasterPid];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      if (ppid === postmasterPid) pids.push(Number(entry));
    } catch {
      /* gone */
    }
  }
  return pids;
}

/**
 * PostgreSQL restarted under load: the app stays up and answers 503 JSON without SQL (pages: their
 * last good copy, else an HTML 503 page); service returns within 5 s. A stalled database: requests time out in under 6 s, and no pool connection
 * is lost (a burst afterwards is served in full).
 */
export async function databaseOutage(check: Check): Promise<void> {
  const dataDir = tempDir("outage");
  const pgDir = tempDir("outage-pg");
  let pg = await startPostgres(pgDir);
  let app: AppProcess | undefined;
  try {
    app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: pg.url, CACHE_TTL_SECONDS: "1" });
    const client = new Client(app.url);
    await client.login();
    // A visitor's page, served once before the outage (and so kept as its last good copy).
    const visit = (p: string) => fetch(app!.url + p, { headers: { Accept: "text/html" }, signal: AbortSignal.timeout(10_000) });
    const homeBefore = await (await visit("/")).text();

    const statuses = new Map<number, number>();
    const bodies: string[] = [];
    let loading = true;
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (loading) {
          const r = await client
            .request("GET", "/api/episodes")
            .catch((err: Error) => ({ status: 0, body: null, text: String(err.cause ?? err) }));
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.status >= 500 || r.status === 0) bodies.push(r.text);
          await sleep(5);
        }
      }),
    );
    await sleep(500);
    await pg.stop();
    await sleep(1500);
    const duringOutage = await client.request("GET", "/api/health");
    const staleHome = await visit("/");
    const staleText = await staleHome.text();
    const neverSeen = await visit("/about");
    const neverSeenText = await neverSeen.text();
    pg = await startPostgres(pgDir);
    const restartedAt = Date.now();
    let backAfter = -1;
    while (Date.now() - restartedAt < 10_000) {
      if ((await client.request("GET", "/api/episodes")).status === 200) {
        backAfter = Date.now() - restartedAt;
        break;
      }
      await sleep(50);
    }
    loading = false;
    await load;
    check.that(app.child.exitCode === null, "the app process stayed up through the outage");
    check.that(
      staleHome.status === 200 && staleText === homeBefore,
      `a visitor's page seen before the outage was served as it was (${staleHome.status})`,
    );
    check.that(
      neverSeen.status === 503 && (neverSeen.headers.get("content-type") ?? "").startsWith("text/html") && neverSeenText.includes("<h1>"),
      `a page never served before was an HTML 503 page, not JSON (${neverSeen.status} ${neverSeen.headers.get("content-type")})`,
    );
    check.that(
      duringOutage.status === 503 && duringOutage.body?.message !== undefined,
      `health said 503 with a JSON message during the outage (${duringOutage.status})`,
    );
    check.that(
      (statuses.get(503) ?? 0) > 0 && !statuses.has(500) && !statuses.has(0),
      `requests during the outage got 503, never 500 or a dropped connection (${JSON.stringify([...statuses])})`,
    );
    if (process.env.FAULTS_DEBUG) {
      const ids = bodies.map((b) => /"requestId":"([^"]+)"/.exec(b)?.[1]).filter(Boolean);
      console.log(bodies.filter((b) => !b.includes('"UNAVAILABLE"')));
      console.log(
        app
          .output()
          .split("\n")
          .filter((l) => ids.some((id) => l.includes(id!)) && !l.includes('"UNAVAILABLE"') && l.includes("request failed"))
          .map((l) => l.slice(0, 600))
          .join("\n"),
      );
      console.log(
        app
          .output()
          .split("\n")
          .filter((l) => !l.startsWith("{"))
          .slice(0, 40)
          .join("\n"),
      );
    }
    check.that(
      bodies.every((b) => !SQL_WORDS.test(b)),
      "no 503 body mentions SQL, the driver or a source line",
    );
    check.that(backAfter >= 0 && backAfter <= 5_000, `service returned ${backAfter} ms after PostgreSQL came back (within 5 s)`);

    // A stalled database: every process of the cluster stopped, the sockets stay open.
    const postmaster = Number(fs.readFileSync(`${pgDir}/postgres/postmaster.pid`, "utf8").split("\n")[0]);
    for (let round = 1; round <= 2; round++) {
      const pids = clusterPids(postmaster);
      pids.forEach((pid) => process.kill(pid, "SIGSTOP"));
      const started = Date.now();
      const stalled = await Promise.all(
        Array.from({ length: 12 }, () => client.request("GET", "/api/episodes").catch(() => ({ status: 0, body: null, text: "" }))),
      );
      const took = Date.now() - started;
      pids.forEach((pid) => process.kill(pid, "SIGCONT"));
      check.that(
        stalled.every((r) => r.status === 503),
        `stall ${round}: every request ended in 503 (${stalled.map((r) => r.status).join(",")})`,
      );
      check.that(took < 6_000, `stall ${round}: the requests timed out in ${took} ms (under 6 s)`);
      await sleep(500);
      const burst = await Promise.all(Array.from({ length: 30 }, () => client.request("GET", "/api/episodes")));
      check.that(
        burst.every((r) => r.status === 200),
        `stall ${round}: afterwards 30 requests at once were all served (no pool connection lost)`,
      );
    }
  } finally {
    await app?.kill("SIGTERM");
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}
