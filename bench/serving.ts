/**
 * The serving part of `npm run bench`: the visitors' pages and list on the fast path and, for
 * comparison, the same response through Express, then the same through Debian's nginx with
 * deploy/nginx/podcast-site.conf in front of one and two instances. Measured as bench/outsider.ts
 * measures (a warm-up, then the run, a browser's Accept-Encoding). Loopback, one at a time.
 */
import fs from "node:fs";
import { runningEmbeddedUrl } from "../server/platform/db/embedded";
import { makeCertificate, type Nginx, siteConfig, startNginx } from "../scripts/deploy/nginx";
import { type AppProcess, freePort, startApp, tempDir } from "../scripts/faults/lib";
import { type Figures, measure, SENDS_TO_EXPRESS } from "./outsider";

export interface ServingFigures {
  /** By path: answered from memory before Express, and the same response through Express. */
  direct: { path: string; fast: Figures; express: Figures }[];
  /** Through nginx: TLS with the shipped config, or a plain-HTTP proxy to the same upstream. */
  proxied: { name: string; path: string; figures: Figures }[];
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
      rows.push({ name: `nginx (TLS) → ${label}`, path: p, figures: await measure(`https://127.0.0.1:${ports.https}${p}`) });
      rows.push({ name: `nginx (HTTP) → ${label}`, path: p, figures: await measure(`http://127.0.0.1:${plain}${p}`) });
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
    direct.push({ path: p, fast: await measure(app.url + p), express: await measure(app.url + p, SENDS_TO_EXPRESS) });
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
