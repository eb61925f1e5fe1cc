/**
 * Serving speed measured as an outsider measures it: autocannon, 50 connections, 8 s after a
 * 2 s warm-up, `Accept-Encoding: gzip, deflate, br` as a browser sends it, against an Express 5
 * hello-world and a bare node:http server that each answer 2 KB of JSON, in the same run and on the
 * same Node. Standalone (`npx tsx bench/outsider.ts`, after `npm run build`) and part of
 * `npm run bench`.
 */
import { fork } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { type AppProcess, Client, freePort, ROOT, startApp, tempDir } from "../scripts/faults/lib";

export const OUTSIDER = { connections: 50, warmupSeconds: 2, seconds: Number(process.env.BENCH_SECONDS ?? 8) };
const BROWSER_ENCODINGS = { "accept-encoding": "gzip, deflate, br" };

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Bytes of body per response, as sent. */
  bytesPerResponse: number;
}

async function run(url: string, seconds: number, headers: Record<string, string>): Promise<autocannon.Result> {
  return autocannon({ url, connections: OUTSIDER.connections, duration: seconds, headers: { ...BROWSER_ENCODINGS, ...headers } });
}

/** A warm-up that is thrown away, then the measured run. */
export async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  await run(url, OUTSIDER.warmupSeconds, headers);
  const result = await run(url, OUTSIDER.seconds, headers);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  };
}

/**
 * One of the floors (bench/floor.mjs) in its own process while `use` runs against its address.
 * `bytes`: for the bare node:http server sending that many bytes per answer.
 */
export async function withFloor<T>(kind: "express" | "node" | "bytes" | "beacon", use: (url: string) => Promise<T>, bytes = 0): Promise<T> {
  const port = await freePort();
  const floor = fork(path.join(ROOT, "bench", "floor.mjs"), {
    env: { ...process.env, PORT: String(port), FLOOR: kind, BYTES: String(bytes) },
  });
  try {
    await new Promise((r) => floor.once("message", r));
    return await use(`http://127.0.0.1:${port}`);
  } finally {
    floor.kill("SIGTERM");
  }
}

/** One of the floors measured as a page is: `bytes`, a bare node:http server sending as many bytes as the page. */
export const measureFloorOf = (kind: "express" | "node" | "bytes", bytes = 0): Promise<Figures> =>
  withFloor(kind, (url) => measure(`${url}/`), bytes);

/**
 * A show with a dozen published episodes and clips, as the bench's other parts make it: the home
 * page as full as a real show's (bench/README.md "Targets"). A seed the app refuses stops the
 * bench: pages measured without it would not be the pages the targets speak of.
 */
export async function seedShow(app: AppProcess): Promise<{ clipPath: string; episodePath: string }> {
  const client = new Client(app.url);
  await client.login();
  const seeded = (what: string, res: { status: number; text: string }) => {
    if (res.status < 200 || res.status >= 300)
      throw new Error(`seeding the show: ${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  };
  for (let i = 1; i <= 12; i++) {
    const episode = await client.request("POST", "/api/episodes", {
      title: `Episode ${i}: pain, learning and the brain`,
      spotifyEmbedUrl: `https://open.spotify.com/embed/episode/${String(i).padStart(22, "0")}`,
      audioUrl: `https://cdn.example/bench/${i}.mp3`,
      publishedAt: new Date(Date.UTC(2024, 0, i)).toISOString(),
      durationSeconds: 2700,
      description: "Two hosts talk about how pain works and how people learn, with stories from the clinic and the classroom.",
      showNotes: `<p>In this episode the hosts talk about pain, learning and the brain.</p><ul>${"<li>A topic of the episode, with a line about it</li>".repeat(8)}</ul>`,
    });
    seeded(`POST /api/episodes (episode ${i})`, episode);
    const clip = await client.request("POST", "/api/clips", {
      title: `Clip ${i}: why pain protects`,
      youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      keyQuote: "Pain is a protector, not a damage meter.",
      description: "A short clip from the show.",
      metaDescription: "A short clip on why pain protects us.",
      content: "Host: Pain is an output of the brain.\n\nGuest: And learning changes it.",
    });
    seeded(`POST /api/clips (clip ${i})`, clip);
  }
  return { clipPath: "/clips/clip-1-why-pain-protects", episodePath: "/episode/episode-1-pain-learning-and-the-brain" };
}

/**
 * A client that asks for no cached answer: the fast path leaves it to Express, which sends the
 * same response (docs/decisions/011-fast-path-and-change-bus.md), so the two rows compare like
 * with like.
 */
export const SENDS_TO_EXPRESS = { "cache-control": "no-cache" };

export interface OutsiderFigures {
  node: string;
  floors: { express: Figures; node: Figures };
  /** By path: from the fast path (anonymous), and the same response through Express (no-cache sends it there). */
  rows: { path: string; fast: Figures; express: Figures }[];
}

export async function measureOutsider(app: AppProcess, paths: string[]): Promise<OutsiderFigures> {
  const floors = { express: await measureFloorOf("express"), node: await measureFloorOf("node") };
  const rows: OutsiderFigures["rows"] = [];
  for (const p of paths) {
    rows.push({ path: p, fast: await measure(app.url + p), express: await measure(app.url + p, SENDS_TO_EXPRESS) });
  }
  return { node: process.version, floors, rows };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dataDir = tempDir("bench-outsider");
  const port = await freePort();
  const app = await startApp({ DATA_DIR: dataDir, LOG_LEVEL: "warn", FEED_SYNC_MINUTES: "0" }, port);
  try {
    const { clipPath } = await seedShow(app);
    const paths = (process.env.PATHS ?? `/api/episodes,/,${clipPath}`).split(",");
    const figures = await measureOutsider(app, paths);
    const { express, node } = figures.floors;
    console.log(`Node ${figures.node}`);
    console.log(
      `floor express ${Math.round(express.rps)} rps p99 ${express.p99} ms; node:http ${Math.round(node.rps)} rps p99 ${node.p99} ms`,
    );
    for (const r of figures.rows) {
      console.log(
        `${r.path}: fast ${Math.round(r.fast.rps)} rps (${(r.fast.rps / express.rps).toFixed(2)}x express, ${(r.fast.rps / node.rps).toFixed(2)}x node) p99 ${r.fast.p99} ms ${r.fast.bytesPerResponse} B; express ${Math.round(r.express.rps)} rps p99 ${r.express.p99} ms ${r.express.bytesPerResponse} B; errors ${r.fast.errors}/${r.express.errors}`,
      );
    }
  } finally {
    await app.kill("SIGTERM");
  }
}
