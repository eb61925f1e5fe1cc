import fs from "node:fs";
import http from "node:http";
import { type AppProcess, type Check, Client, freePort, sleep, startApp, tempDir } from "./lib";

const ITEMS = 3_000;

/** A show's feed as big back catalogues are: 3,000 items with long notes, some 10 MB. */
function bigFeed(buildDate: string): string {
  const notes = `<p>${'In this episode we talk about the things that matter, with links and <a href="https://example.com/x">notes</a>. '.repeat(28)}</p>`;
  const items = Array.from({ length: ITEMS }, (_, i) =>
    [
      "<item>",
      `<title>Episode ${ITEMS - i}: a conversation</title>`,
      `<guid isPermaLink="false">big-${ITEMS - i}</guid>`,
      `<pubDate>${new Date(Date.UTC(2010, 0, 1) + (ITEMS - i) * 86_400_000).toUTCString()}</pubDate>`,
      `<description><![CDATA[${notes}]]></description>`,
      `<enclosure url="https://cdn.example/ep-${ITEMS - i}.mp3" length="1000" type="audio/mpeg"/>`,
      "<itunes:duration>3600</itunes:duration>",
      "</item>",
    ].join(""),
  );
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Big Show</title><lastBuildDate>${buildDate}</lastBuildDate>${items.join("\n")}</channel></rss>`;
}

/** The process's peak resident memory so far (VmHWM), in MB. */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** Asks /api/health/live every 20 ms until told to stop; the slowest answer, in ms. */
async function watchLiveness(app: AppProcess, running: () => boolean): Promise<{ slowest: number; asked: number }> {
  let slowest = 0;
  let asked = 0;
  while (running()) {
    const started = performance.now();
    const res = await fetch(`${app.url}/api/health/live`, { signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
    asked++;
    await sleep(20);
  }
  return { slowest, asked };
}

/**
 * A 3,000-item feed (10 MB) imported, synced again with only its lastBuildDate changed, then
 * with every item's notes changed, while a visitor's health check is asked every 20 ms: the site never stops answering (each
 * answer within 100 ms), and the process's memory stays bounded.
 */
export async function bigFeedSync(check: Check): Promise<void> {
  let body = bigFeed("Mon, 01 Jan 2024 00:00:00 GMT");
  const feedHost = http.createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(body));
  await new Promise<void>((resolve) => feedHost.listen(0, "127.0.0.1", resolve));
  const feedUrl = `http://127.0.0.1:${(feedHost.address() as { port: number }).port}/feed.xml`;
  const dataDir = tempDir("big-feed");
  const port = await freePort();
  let app: AppProcess | undefined;
  try {
    app = await startApp(
      { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, FEED_ALLOW_PRIVATE: "1", FEED_SYNC_MINUTES: "0" },
      port,
    );
    const client = new Client(app.url);
    await client.login();
    await client.request("POST", "/api/settings", { key: "rss_url", value: feedUrl });
    console.log(`  the feed weighs ${(Buffer.byteLength(body) / 1024 / 1024).toFixed(1)} MB`);

    for (const [round, what] of [
      [1, "the first import"],
      [2, "a re-sync where only lastBuildDate changed"],
      [3, "a re-sync where every item's notes changed"],
    ] as const) {
      if (round === 2) body = body.replace("Mon, 01 Jan 2024 00:00:00 GMT", "Tue, 02 Jan 2024 00:00:00 GMT");
      // Every item read anew: each episode's stored fields are read and compared, and each updated.
      if (round === 3) body = body.replaceAll("the things that matter", "the things that matter most");
      let syncing = true;
      const watching = watchLiveness(app, () => syncing);
      const started = performance.now();
      const result = await client.request("POST", "/api/feed/sync", {}, AbortSignal.timeout(120_000));
      const took = performance.now() - started;
      syncing = false;
      const { slowest, asked } = await watching;
      check.that(
        result.status === 200,
        `${what}: the sync answered 200 (${result.status} ${result.status === 200 ? "" : result.text.slice(0, 200)})`,
      );
      if (round === 1) check.that(result.body?.added === ITEMS, `${what}: every item came in (${result.body?.added})`);
      else if (round === 2)
        check.that(result.body?.added === 0 && result.body?.updated === 0, `${what}: nothing changed (${JSON.stringify(result.body)})`);
      else
        check.that(
          result.body?.added === 0 && result.body?.updated === ITEMS,
          `${what}: every episode changed (${JSON.stringify(result.body)})`,
        );
      console.log(`  ${what}: answered in ${Math.round(took)} ms`);
      check.that(
        slowest < 100,
        `${what}: the health check answered within 100 ms every time (slowest ${Math.round(slowest)} ms of ${asked})`,
      );
    }
    const peak = peakMb(app.child.pid!);
    check.that(peak < 1_500, `the process's memory peaked at ${Math.round(peak)} MB (under 1.5 GB)`);
  } finally {
    await app?.kill("SIGTERM");
    await new Promise((resolve) => feedHost.close(resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
