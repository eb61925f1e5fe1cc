/**
 * The serving part of `npm run bench`: the Express hello-world floor, the visitors'
 * pages and list on the fast path and, for comparison, through Express (a cookie sends them
 * there), then the same through Debian's nginx with deploy/nginx/podcast-site.conf in front of
 * one and two instances. Everything on loopback, one measurement at a time.
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { runningEmbeddedUrl } from "../server/db/embedded";
import { makeCertificate, type Nginx, siteConfig, startNginx } from "../scripts/deploy/nginx";
import { type AppProcess, freePort, ROOT, startApp, tempDir } from "../scripts/faults/lib";

export const CONNECTIONS = 50;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export async function load(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers: { "accept-encoding": "gzip, br", ...headers },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function measureFloor(): Promise<LoadFigures> {
  const port = await freePort();
  const floor = fork(path.join(ROOT, "bench", "floor.mjs"), { env: { ...process.env, PORT: String(port) } });
  try {
    await new Promise((r) => floor.once("message", r));
    return await load(`http://127.0.0.1:${port}/`);
  } finally {
    floor.kill("SIGTERM");
  }
}

/** A cookie under the session cookie's name (over HTTP, `sid`), not a session: the fast path leaves it to Express. */
const SENDS_TO_EXPRESS = { cookie: "sid=not-a-session" };

export interface ServingFigures {
  /** By path: answered from memory before Express, and through Express. */
  direct: { path: string; fast: LoadFigures; express: LoadFigures }[];
  /** Through nginx: TLS with the shipped config, or a plain-HTTP proxy to the same upstream. */
  proxied: { name: string; path: string; figures: LoadFigures }[];
}

/** A plain-HTTP server beside the shipped TLS one: nginx's own cost without TLS's. */
const plainProxy = (port: number) => `server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://podcast_site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
  }`;

async function throughNginx(
  app: AppProcess,
  second: AppProcess | undefined,
  paths: string[],
  label: string,
): Promise<ServingFigures["proxied"]> {
  const dir = tempDir("bench-nginx");
  const ports = { http: await freePort(), https: await freePort(), a: app.port, b: second?.port };
  const plain = await freePort();
  let nginx: Nginx | undefined;
  try {
    nginx = await startNginx(dir, siteConfig(ports, makeCertificate(dir), dir), plainProxy(plain));
    const rows: ServingFigures["proxied"] = [];
    for (const p of paths) {
      await fetch(`http://127.0.0.1:${plain}${p}`).catch(() => {}); // nginx is up
      rows.push({ name: `nginx (TLS) → ${label}`, path: p, figures: await load(`https://127.0.0.1:${ports.https}${p}`) });
      rows.push({ name: `nginx (HTTP) → ${label}`, path: p, figures: await load(`http://127.0.0.1:${plain}${p}`) });
    }
    return rows;
  } finally {
    await nginx?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `app` runs on the embedded database in `dataDir`; a second instance for the two-instance rows
 * joins that database (the embedded server's socket URL) with a data folder of its own.
 */
export async function measureServing(app: AppProcess, dataDir: string, paths: string[]): Promise<ServingFigures> {
  const direct: ServingFigures["direct"] = [];
  for (const p of paths) {
    await fetch(app.url + p); // the first answer goes through Express and is remembered
    direct.push({ path: p, fast: await load(app.url + p), express: await load(app.url + p, SENDS_TO_EXPRESS) });
  }
  const proxied = await throughNginx(app, undefined, paths.slice(0, 2), "one instance");
  const secondData = tempDir("bench-second");
  const url = runningEmbeddedUrl(dataDir);
  if (!url) throw new Error("the embedded database is not running");
  const second = await startApp({ DATA_DIR: secondData, DATABASE_URL: url, LOG_LEVEL: "warn", FEED_SYNC_MINUTES: "0" });
  try {
    proxied.push(...(await throughNginx(app, second, paths.slice(0, 2), "two instances")));
  } finally {
    await second.kill("SIGTERM");
    fs.rmSync(secondData, { recursive: true, force: true });
  }
  return { direct, proxied };
}
