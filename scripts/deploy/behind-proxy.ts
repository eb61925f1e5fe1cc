/**
 * `npm run test:deploy` (run by scripts/deploy/behind-proxy.sh, which installs nginx): Debian's
 * nginx with deploy/nginx/podcast-site.conf as shipped (only ports, certificate, name and paths
 * swapped, its second instance uncommented) and a self-signed certificate, in front of two
 * instances of the built app on one PostgreSQL. Checked through it: HTTP/2, HSTS, the move from
 * HTTP, the __Host- session cookie, throttles that see the client's address and not what it
 * claims, a write seen on the other instance once its notice arrives, and no lost request while
 * one instance is killed; then deploy/backup.sh's retention. Every wait is bounded; every
 * process started here is stopped by its own pid.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import tls from "node:tls";
import { ADMIN, type AppProcess, type Check, freePort, ROOT, runScript, sleep, startApp, startPostgres, tempDir } from "../faults/lib";
import { makeCertificate, type Nginx, siteConfig, startNginx } from "./nginx";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

interface Site {
  https: number;
  http: number;
  ca: Buffer;
  apps: [AppProcess, AppProcess];
}

/** One HTTPS request to nginx, from `from` (a loopback address: each one is a different client). */
function request(
  site: Site,
  method: string,
  p: string,
  options: { from?: string; headers?: Record<string, string>; body?: unknown; agent?: https.Agent } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: site.https,
        method,
        path: p,
        ca: site.ca,
        localAddress: options.from ?? "127.0.0.1",
        agent: options.agent ?? false,
        timeout: 15_000,
        headers: {
          Host: `localhost:${site.https}`,
          Origin: `https://localhost:${site.https}`,
          ...(body ? { "Content-Type": "application/json" } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`${method} ${p} timed out`)));
    req.on("error", reject);
    req.end(body);
  });
}

async function plain(url: string): Promise<Answer> {
  const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
  return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
}

function negotiatedProtocol(site: Site): Promise<string | false | null> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect(
      { host: "127.0.0.1", port: site.https, servername: "localhost", ca: site.ca, ALPNProtocols: ["h2", "http/1.1"] },
      () => {
        resolve(socket.alpnProtocol ?? null);
        socket.end();
      },
    );
    socket.on("error", reject);
  });
}

/** A counter from an instance's Prometheus metrics (METRICS_PORT on loopback). */
async function metric(metricsPort: number, name: string, labels: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(" ").pop()) : 0;
}

async function waitFor(what: string, limitMs: number, test: () => Promise<boolean>): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    if (await test()) return;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${limitMs / 1000} s`);
}

async function checkTransport(check: Check, site: Site): Promise<void> {
  check.that((await negotiatedProtocol(site)) === "h2", "nginx speaks HTTP/2 over TLS (ALPN h2)");
  const home = await request(site, "GET", "/");
  check.that(home.status === 200, `GET / over HTTPS answers 200 (${home.status})`);
  check.that(
    /max-age=\d+/.test(String(home.headers["strict-transport-security"])),
    `HSTS is sent (${home.headers["strict-transport-security"]})`,
  );
  check.that(!home.headers["set-cookie"], "an anonymous page sets no cookie");
  const moved = await plain(`http://127.0.0.1:${site.http}/about?x=1`);
  check.that(
    moved.status === 301 && moved.headers.location === "https://127.0.0.1/about?x=1",
    `plain HTTP moves to HTTPS for good (${moved.status} ${moved.headers.location})`,
  );
}

async function checkLogin(check: Check, site: Site): Promise<string> {
  const res = await request(site, "POST", "/api/auth/login", { body: ADMIN, from: "127.0.0.4" });
  const cookie = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Host-sid="));
  check.that(res.status === 200, `login over HTTPS answers 200 (${res.status})`);
  const flags = (cookie ?? "").split(";").map((f) => f.trim().toLowerCase());
  check.that(
    !!cookie &&
      flags.includes("secure") &&
      flags.includes("httponly") &&
      flags.includes("path=/") &&
      !flags.some((f) => f.startsWith("domain=")),
    `the session cookie is __Host-sid, Secure, HttpOnly, Path=/, no Domain (${cookie})`,
  );
  const device = ([] as string[]).concat(res.headers["set-cookie"] ?? []).find((c) => c.startsWith("__Secure-device="));
  const deviceFlags = (device ?? "").split(";").map((f) => f.trim().toLowerCase());
  check.that(
    !!device && deviceFlags.includes("secure") && deviceFlags.includes("httponly") && deviceFlags.includes("path=/api/auth"),
    `the device cookie is __Secure-device, Secure, HttpOnly, for /api/auth only (${device?.replace(/=[^;]+/, "=…")})`,
  );
  // nginx takes turns between the two instances: four requests reach both.
  const me: number[] = [];
  for (let i = 0; i < 4; i++) me.push((await request(site, "GET", "/api/auth/me", { headers: { Cookie: cookie!.split(";")[0]! } })).status);
  check.that(
    me.every((s) => s === 200),
    `the cookie is a session on every instance behind the proxy (${me.join(" ")})`,
  );
  return cookie!.split(";")[0]!;
}

async function checkThrottles(check: Check, site: Site): Promise<void> {
  const wrong = { email: ADMIN.email, password: "not-the-password" };
  const statuses: number[] = [];
  for (let i = 0; i < 8 && statuses.at(-1) !== 429; i++) {
    statuses.push(
      (await request(site, "POST", "/api/auth/login", { body: wrong, from: "127.0.0.2", headers: { "X-Forwarded-For": `203.0.113.${i}` } }))
        .status,
    );
  }
  check.that(
    statuses.at(-1) === 429 && statuses.slice(0, -1).every((s) => s === 401),
    `one client, whatever X-Forwarded-For it claims, is throttled after its failed logins (${statuses.join(" ")})`,
  );
  const forged = await request(site, "POST", "/api/auth/login", {
    body: wrong,
    from: "127.0.0.2",
    headers: { "X-Forwarded-For": "198.51.100.7" },
  });
  check.that(forged.status === 429, `a forged X-Forwarded-For does not reset that client's throttle (${forged.status})`);
  const other = await request(site, "POST", "/api/auth/login", { body: wrong, from: "127.0.0.3" });
  check.that(other.status === 401, `another client, seen by its own address through the proxy, is not throttled (${other.status})`);
}

async function checkChangeSeenEverywhere(check: Check, site: Site, cookie: string, metricsPorts: [number, number]): Promise<void> {
  const title = `Across instances ${Date.now()}`;
  const listed = async (app: AppProcess) => ((await plain(`${app.url}/api/episodes`)).text.includes(title) ? 1 : 0);
  // Both instances hold the list in their caches (CACHE_TTL_SECONDS=3600: only a notice drops it).
  for (const app of site.apps) await plain(`${app.url}/api/episodes`);
  const published = await Promise.all(metricsPorts.map((p) => metric(p, "change_notices_total", 'direction="published"')));
  const received = await Promise.all(metricsPorts.map((p) => metric(p, "change_notices_total", 'direction="received"')));
  const created = await request(site, "POST", "/api/episodes", {
    headers: { Cookie: cookie },
    body: { title, spotifyEmbedUrl: "https://open.spotify.com/embed/episode/0000000000000000000001", sortOrder: 1 },
  });
  check.that(created.status === 201, `the owner's write through the proxy is saved (${created.status})`);
  let writer = -1;
  await waitFor("the writer's notice", 10_000, async () => {
    const now = await Promise.all(metricsPorts.map((p) => metric(p, "change_notices_total", 'direction="published"')));
    writer = now.findIndex((n, i) => n > published[i]!);
    return writer >= 0;
  });
  const other = 1 - writer;
  await waitFor(
    "the other instance's notice",
    10_000,
    async () => (await metric(metricsPorts[other]!, "change_notices_total", 'direction="received"')) > received[other]!,
  );
  check.that((await listed(site.apps[writer]!)) === 1, "the instance that wrote lists the new episode");
  check.that(
    (await listed(site.apps[other]!)) === 1,
    "the other instance lists it on its next request after the notice (its cache would have kept the old list an hour)",
  );
}

async function checkKillLosesNothing(check: Check, site: Site): Promise<void> {
  const agent = new https.Agent({ keepAlive: true, maxSockets: 16 });
  const paths = ["/", "/api/episodes", "/about", "/api/health/ready", "/listen"];
  const failures: string[] = [];
  let answered = 0;
  let stop = false;
  const workers = Array.from({ length: 16 }, async (_, w) => {
    for (let i = w; !stop; i++) {
      const p = paths[i % paths.length]!;
      try {
        const res = await request(site, "GET", p, { agent });
        if (res.status === 200) answered++;
        else failures.push(`${p}: ${res.status}`);
      } catch (err) {
        failures.push(`${p}: ${(err as Error).message}`);
      }
    }
  });
  await sleep(1_000);
  const before = answered;
  const victim = site.apps[1];
  victim.child.kill("SIGKILL");
  await new Promise((r) => (victim.child.exitCode !== null || victim.child.signalCode !== null ? r(null) : victim.child.once("exit", r)));
  await sleep(2_000);
  stop = true;
  await Promise.all(workers);
  agent.destroy();
  check.that(before > 0 && answered > before, `requests went on while one instance was killed (${before} before, ${answered} in all)`);
  check.that(
    failures.length === 0,
    `killing one instance lost no request the proxy could retry (${failures.length} failed${failures.length ? `: ${failures.slice(0, 3).join("; ")}` : ""})`,
  );
}

/** nginx keeps visitors' pages (and serves the last copy when the app is down), never a session's. */
async function checkMicroCache(check: Check, site: Site, cookie: string): Promise<void> {
  const status = async (p: string, headers: Record<string, string> = {}) =>
    String((await request(site, "GET", p, { headers })).headers["x-cache-status"]);
  const first = await status("/listen");
  const again = await status("/listen");
  check.that(first !== "HIT" && again === "HIT", `a visitor's page is answered by nginx's cache the second time (${first}, then ${again})`);
  check.that((await status("/listen", { Cookie: cookie })) === "BYPASS", "a request with the session cookie goes past the cache");
  check.that((await status("/api/settings", { Cookie: cookie })) === "BYPASS", "the owner's data is never taken from the cache");
}

/** With every instance down, nginx serves the last copy of a visitor's page rather than an error. */
async function checkStaleWhenDown(check: Check, site: Site): Promise<void> {
  await request(site, "GET", "/about");
  for (const app of site.apps) await app.kill("SIGTERM");
  // Past the copy's 10 s of freshness: only stale-if-error can answer now.
  await sleep(11_000);
  const res = await request(site, "GET", "/about");
  check.that(
    res.status === 200 && res.text.includes("<h1") && res.headers["x-cache-status"] === "STALE",
    `with the app down, nginx serves the last copy of /about, stale (${res.status} ${res.headers["x-cache-status"]})`,
  );
}

/** deploy/backup.sh as the nightly timer runs it: whole archives only, the newest BACKUP_KEEP kept. */
function checkBackupRetention(check: Check, env: Record<string, string>): void {
  const backups = tempDir("backups");
  try {
    const made: string[] = [];
    for (let run = 0; run < 3; run++) {
      const out = spawnSync("sh", [path.join(ROOT, "deploy/backup.sh")], {
        env: { ...process.env, ...env, BACKUP_DIR: backups, BACKUP_KEEP: "2" },
        encoding: "utf8",
        timeout: 120_000,
      });
      check.that(out.status === 0, `deploy/backup.sh run ${run + 1} succeeds${out.status === 0 ? "" : `: ${out.stderr}`}`);
      made.push(/backup: (\S+\.bak)\n/.exec(out.stdout)?.[1] ?? "");
    }
    const kept = fs.readdirSync(backups).sort();
    check.that(
      JSON.stringify(kept) === JSON.stringify(made.slice(1).map((f) => path.basename(f))),
      `three nightly runs with BACKUP_KEEP=2 keep the two newest archives and nothing half-written (${kept.join(", ")})`,
    );
    check.that(
      kept.every((f) => fs.statSync(path.join(backups, f)).size > 0),
      "each kept archive has the site in it",
    );
  } finally {
    fs.rmSync(backups, { recursive: true, force: true });
  }
}

async function behindNginx(check: Check): Promise<void> {
  const dir = tempDir("proxy");
  const dataDir = tempDir("proxy-data");
  const pg = process.env.TEST_DATABASE_URL ? undefined : await startPostgres(tempDir("proxy-pg"));
  const databaseUrl = process.env.TEST_DATABASE_URL ?? pg!.url;
  const ports = { http: await freePort(), https: await freePort(), a: await freePort(), b: await freePort() };
  const metricsPorts: [number, number] = [await freePort(), await freePort()];
  const shared = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SESSION_SECRET: "behind-the-proxy-session-secret-0123456789",
    TRUST_PROXY: "1",
    PUBLIC_URL: `https://localhost:${ports.https}`,
    CACHE_TTL_SECONDS: "3600",
    FEED_SYNC_MINUTES: "0",
  };
  const apps: AppProcess[] = [];
  let nginx: Nginx | undefined;
  try {
    apps.push(await startApp({ ...shared, METRICS_PORT: String(metricsPorts[0]) }, ports.a));
    apps.push(await startApp({ ...shared, METRICS_PORT: String(metricsPorts[1]) }, ports.b));
    nginx = await startNginx(dir, siteConfig(ports, makeCertificate(dir), dir));
    const site: Site = {
      https: ports.https,
      http: ports.http,
      ca: fs.readFileSync(path.join(dir, "cert.pem")),
      apps: apps as [AppProcess, AppProcess],
    };
    await waitFor("nginx listening", 10_000, () =>
      negotiatedProtocol(site).then(
        () => true,
        () => false,
      ),
    );
    await checkTransport(check, site);
    const cookie = await checkLogin(check, site);
    await checkThrottles(check, site);
    await checkChangeSeenEverywhere(check, site, cookie, metricsPorts);
    await checkMicroCache(check, site, cookie);
    await checkKillLosesNothing(check, site);
    checkBackupRetention(check, { DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
    await checkStaleWhenDown(check, site);
  } finally {
    await nginx?.stop();
    for (const app of apps) await app.kill();
    await pg?.stop();
    for (const d of [dir, dataDir]) fs.rmSync(d, { recursive: true, force: true });
  }
}

const ok = await runScript("two instances behind nginx with TLS", behindNginx);
process.exit(ok ? 0 : 1);
