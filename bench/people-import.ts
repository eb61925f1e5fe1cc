/**
 * A feed with people, measured (docs/product.md "Listening"): 400 items naming 1,200 people
 * between them (a host, a rotating guest of 150 and a producer each; the channel names two),
 * with support links, a podroll and socialInteract, served from loopback; the time of its first
 * import into a site, reported, not held to a target (bench/README.md "Targets"). Part of
 * `npm run bench`; alone, against the built app:
 * `npx tsx bench/people-import.ts` (it builds the server first).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";
import { Client, ROOT, startApp, tempDir } from "../scripts/faults/lib";

const ITEMS = 400;
const GUESTS = 150;

export function peopleFeed(items = ITEMS): string {
  const person = (role: string, name: string, i: number) =>
    `<podcast:person role="${role}" img="https://img.example/people/${encodeURIComponent(name)}.jpg" href="https://people.example/${i}">${name}</podcast:person>`;
  const item = (i: number) =>
    `<item><title>Episode ${i}: who we talked to</title><guid isPermaLink="false">people-${i}</guid>` +
    `<pubDate>${new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toUTCString()}</pubDate><itunes:duration>${1800 + i}</itunes:duration>` +
    `<itunes:season>${1 + Math.floor(i / 50)}</itunes:season><itunes:episode>${i}</itunes:episode>` +
    `<description><![CDATA[<p>Episode ${i}: a guest and the hosts on pain and learning.</p>]]></description>` +
    person("host", "Ann Host", 0) +
    person("guest", `Guest ${i % GUESTS}`, i) +
    person("producer", `Producer ${i % 7}`, i) +
    `<podcast:socialInteract protocol="activitypub" uri="https://social.example/@show/${i}"/>` +
    `<enclosure url="https://cdn.example/people/${i}.mp3" length="${30_000_000 + i}" type="audio/mpeg"/></item>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>People Show</title>` +
    `${person("host", "Ann Host", 0)}${person("host", "Ben Host", 1)}` +
    `<podcast:funding url="https://support.example/show">Support the people show</podcast:funding>` +
    `<podcast:podroll><podcast:remoteItem feedGuid="a" feedUrl="https://friends.example/feed.xml" title="Friends"/></podcast:podroll>\n` +
    `${Array.from({ length: items }, (_, i) => item(items - i)).join("\n")}\n</channel></rss>\n`
  );
}

export interface PeopleFigures {
  items: number;
  personTags: number;
  feedBytes: number;
  importMs: number;
  added: number;
}

/** Runs against an app started with FEED_ALLOW_PRIVATE=1, logged in as the admin. */
export async function benchPeopleImport(client: Client): Promise<PeopleFigures> {
  const xml = peopleFeed();
  const server = http.createServer((_req, res) => void res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(xml));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/people.xml`;
  try {
    await client.request("POST", "/api/settings", { key: "rss_url", value: url });
    const t = performance.now();
    const res = await client.request("POST", "/api/feed/sync", {}, AbortSignal.timeout(120_000));
    const importMs = performance.now() - t;
    if (res.status !== 200) throw new Error(`feed sync answered ${res.status}: ${res.text}`);
    return {
      items: ITEMS,
      personTags: (xml.match(/<podcast:person /g) ?? []).length - 2,
      feedBytes: Buffer.byteLength(xml),
      importMs,
      added: (res.body as { added: number }).added,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Alone: the built server on a fresh embedded database. */
async function main() {
  execFileSync("npm", ["run", "-s", "build:server"], { cwd: ROOT, stdio: "inherit" });
  const dataDir = tempDir("bench-people");
  const app = await startApp({ DATA_DIR: dataDir, FEED_ALLOW_PRIVATE: "1", FEED_SYNC_MINUTES: "0" });
  try {
    const client = new Client(app.url);
    await client.login();
    const figures = await benchPeopleImport(client);
    console.log(
      `people import: ${figures.items} items, ${figures.personTags} person tags, ${(figures.feedBytes / 1024).toFixed(0)} KB, ` +
        `${figures.added} added in ${Math.round(figures.importMs)} ms`,
    );
  } finally {
    await app.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
