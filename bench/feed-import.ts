/**
 * The feed import, measured: a generated feed of 1,000 items (about 2.5 MB, with
 * HTML show notes) served from loopback; the first import, a re-sync the host answers 304, a
 * re-sync of the same bytes without validators, and the app's resident memory growth while
 * importing (sampled every 50 ms). Reported, not held to a target (bench/README.md "Targets").
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { Client } from "../scripts/faults/lib";

const ITEMS = 1_000;

export function generatedFeed(items = ITEMS): string {
  const notes = (i: number) =>
    `<p>Episode ${i}: two hosts talk about pain, learning and the brain &amp; why it matters.</p><ul>${Array.from({ length: 6 }, (_, k) => `<li><a href="https://show.example/${i}/${k}">Link ${k}</a> with a line of context about it</li>`).join("")}</ul><p>${"Show notes that run on for a while. ".repeat(20)}</p>`;
  const item = (i: number) =>
    `<item><title>Episode ${i}: a conversation about pain and learning</title><guid isPermaLink="false">bench-${i}</guid>` +
    `<pubDate>${new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toUTCString()}</pubDate><itunes:duration>${1800 + i}</itunes:duration>` +
    `<itunes:episode>${i}</itunes:episode><content:encoded><![CDATA[${notes(i)}]]></content:encoded>` +
    `<enclosure url="https://cdn.example/bench/${i}.mp3?token=abc" length="${30_000_000 + i}" type="audio/mpeg"/></item>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Bench Show</title>\n${Array.from({ length: items }, (_, i) => item(items - i)).join("\n")}\n</channel></rss>\n`;
}

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
}

export interface FeedFigures {
  items: number;
  feedBytes: number;
  importMs: number;
  added: number;
  notModifiedMs: number;
  sameBytesMs: number;
  rssGrowthMb: number;
}

/** Runs against an app started with FEED_ALLOW_PRIVATE=1, logged in as the admin. */
export async function benchFeedImport(client: Client, pid: number): Promise<FeedFigures> {
  const xml = generatedFeed();
  const etag = `"${crypto.createHash("sha1").update(xml).digest("hex")}"`;
  let useEtag = true;
  const server = http.createServer((req, res) => {
    if (useEtag && req.headers["if-none-match"] === etag) return void res.writeHead(304, { ETag: etag }).end();
    res.writeHead(200, { "Content-Type": "application/rss+xml", ...(useEtag ? { ETag: etag } : {}) }).end(xml);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/feed.xml`;
  try {
    await client.request("POST", "/api/settings", { key: "rss_url", value: url });
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
    const timed = async () => {
      const t = performance.now();
      const res = await client.request("POST", "/api/feed/sync", {}, AbortSignal.timeout(120_000));
      if (res.status !== 200) throw new Error(`feed sync answered ${res.status}: ${res.text}`);
      return { ms: performance.now() - t, body: res.body as { added: number } };
    };
    const first = await timed();
    clearInterval(sampler);
    const notModified = await timed();
    useEtag = false;
    const sameBytes = await timed();
    return {
      items: ITEMS,
      feedBytes: Buffer.byteLength(xml),
      importMs: first.ms,
      added: first.body.added,
      notModifiedMs: notModified.ms,
      sameBytesMs: sameBytes.ms,
      rssGrowthMb: peak - before,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}
