import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, removeE2EItems, saveSettings, syncFeedAndFiles } from "./admin-api";
import { expect, expectAppReady, test } from "./fixtures";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const AUDIO_SECONDS = 20;

/** A quiet 20-second WAV: 8 kHz, 8-bit mono, with a RIFF header. */
function wav(seconds: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate * seconds, 128);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** The podcast's host on loopback: the feed, its transcript and chapters, and the audio (with byte ranges, for seeking). */
async function startHost() {
  const audio = wav(AUDIO_SECONDS);
  const requests: string[] = [];
  let base = "";
  const feed = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>E2E Player Show</title>
<item><title>E2E Player Episode</title><guid>e2e-player</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><itunes:duration>${AUDIO_SECONDS}</itunes:duration>
<itunes:episode>7</itunes:episode><description><![CDATA[<p>Show notes with <a href="https://example.com/read">a link</a>.</p>]]></description>
<enclosure url="${base}/episode.wav" length="${audio.length}" type="audio/wav"/>
<podcast:transcript url="${base}/t.vtt" type="text/vtt"/><podcast:chapters url="${base}/c.json" type="application/json+chapters"/></item>
</channel></rss>`;
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/feed.xml") return void res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(feed());
    if (req.url === "/t.vtt")
      return void res
        .writeHead(200, { "Content-Type": "text/vtt" })
        .end("WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ann>Welcome to the quiet episode.</v>\n\n00:00:12.000 --> 00:00:15.000\n<v Ben>Twelve seconds in.</v>\n");
    if (req.url === "/c.json")
      return void res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ version: "1.2.0", chapters: [{ startTime: 0, title: "Start" }, { startTime: 10, title: "Middle" }] }));
    if (req.url === "/episode.wav") {
      const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
      if (!range) return void res.writeHead(200, { "Content-Type": "audio/wav", "Content-Length": audio.length, "Accept-Ranges": "bytes" }).end(audio);
      const start = Number(range[1]);
      const end = range[2] ? Number(range[2]) : audio.length - 1;
      return void res
        .writeHead(206, { "Content-Type": "audio/wav", "Content-Range": `bytes ${start}-${end}/${audio.length}`, "Content-Length": end - start + 1, "Accept-Ranges": "bytes" })
        .end(audio.subarray(start, end + 1));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let api: APIRequestContext;
let host: Awaited<ReturnType<typeof startHost>>;
test.beforeEach(async ({ baseURL }) => {
  api = await adminApi(baseURL!);
  host = await startHost();
  await saveSettings(api, { rss_url: `${host.base}/feed.xml`, feed_auto_publish: "true" });
  await syncFeedAndFiles(api);
});
test.afterEach(async () => {
  await saveSettings(api, { rss_url: "", feed_auto_publish: "false", podcast_title: "", podcast_description: "A podcast about pain and learning for curious people." });
  await removeE2EItems(api);
  await api.dispose();
  await host.close();
});

const audioTime = (page: Page) => page.evaluate(() => document.querySelector("audio")!.currentTime);
const isPaused = (page: Page) => page.evaluate(() => document.querySelector("audio")!.paused);

test("when the episode page opens, then its notes, chapters and transcript are in the served HTML and nothing is fetched from the audio's host", async ({ page, request }) => {
  const html = await (await request.get("/episode/e2e-player-episode")).text();
  expect(html).toContain("Welcome to the quiet episode.");
  expect(html).toContain("Middle");
  expect(html).toContain('"@type":"PodcastEpisode"');
  await page.goto("/episode/e2e-player-episode");
  await expect(page.getByRole("heading", { level: 1, name: "E2E Player Episode" })).toBeVisible();
  await expect(page.getByText("Episode 7 · 1 Jan 2024")).toBeVisible();
  await expect(page.getByRole("link", { name: "a link" })).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  expect(host.requests.filter((r) => r.startsWith("/episode.wav"))).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `episode-${width}.png`), fullPage: true });
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }
});

test("when a keyboard user plays and pauses the episode, then the audio advances, then stops; the seek bar and -15/+30 move it", async ({ page }) => {
  await page.goto("/episode/e2e-player-episode");
  await expectAppReady(page);
  const play = page.getByRole("group", { name: "Player: E2E Player Episode" }).getByRole("button", { name: "Play", exact: true });
  await play.focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
  const pause = page.getByRole("group", { name: "Player: E2E Player Episode" }).getByRole("button", { name: "Pause", exact: true });
  await expect(pause).toBeFocused();
  await page.keyboard.press("Space");
  await expect.poll(() => isPaused(page)).toBe(true);

  const seek = page.getByRole("slider", { name: "Seek" });
  await seek.focus();
  const before = await audioTime(page);
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => audioTime(page)).toBeGreaterThan(before + 4);
  await expect(seek).toHaveAttribute("aria-valuetext", /of 0:20$/);
  await page.getByRole("button", { name: "Ahead 30 seconds" }).click();
  await expect.poll(() => audioTime(page)).toBeGreaterThan(19);
  await page.getByRole("button", { name: "Back 15 seconds" }).click();
  await expect.poll(() => audioTime(page)).toBeLessThan(6);
  await page.getByRole("button", { name: "Playback speed 1x" }).click();
  await expect(page.getByRole("button", { name: "Playback speed 1.25x" })).toBeVisible();
  expect(await page.evaluate(() => document.querySelector("audio")!.playbackRate)).toBe(1.25);
});

test("when a chapter or a transcript time is chosen, then the episode plays from there", async ({ page }) => {
  await page.goto("/episode/e2e-player-episode");
  await expectAppReady(page);
  await page.getByRole("region", { name: "Chapters" }).getByRole("button", { name: "Play from 0:10" }).click();
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
  expect(await isPaused(page)).toBe(false);
  await page.getByRole("region", { name: "Transcript" }).getByRole("button", { name: "Play from 0:12" }).click();
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(12);
});

test("when the visitor goes to another page while it plays, then it keeps playing and the bar below leads back", async ({ page }) => {
  await page.goto("/episode/e2e-player-episode");
  await expectAppReady(page);
  await page.getByRole("group", { name: "Player: E2E Player Episode" }).getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  const bar = page.getByRole("region", { name: "Now playing" });
  await expect(bar).toBeVisible();
  const t = await audioTime(page);
  await expect.poll(() => audioTime(page)).toBeGreaterThan(t + 0.5);
  expect(await isPaused(page)).toBe(false);
  await page.screenshot({ path: path.join(ARTIFACTS, "home-now-playing-1280.png") });
  await bar.getByRole("link", { name: "E2E Player Episode" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E2E Player Episode" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Player: E2E Player Episode" }).getByRole("button", { name: "Pause", exact: true })).toBeVisible();
});

test("when an episode is a draft or unknown, then its page is a 404", async ({ page }) => {
  const episodes = (await (await api.get("/api/episodes")).json()) as { id: number; slug: string; title: string }[];
  const mine = episodes.find((e) => e.title === "E2E Player Episode")!;
  await api.put(`/api/episodes/${mine.id}`, { data: { isPublished: false } });
  await page.context().clearCookies();
  const res = await page.goto("/episode/e2e-player-episode");
  expect(res!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Episode Not Found" })).toBeVisible();
  // What the server said (404) is not asked of the API again.
  const asked: string[] = [];
  page.on("request", (r) => r.url().includes("/api/episodes") && asked.push(r.url()));
  expect((await page.goto("/episode/no-such-episode"))!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Episode Not Found" })).toBeVisible();
  expect(asked).toEqual([]);
});

test.describe("the archive", () => {
  test.beforeEach(async () => {
    for (let n = 1; n <= 24; n++) {
      const res = await api.post("/api/episodes", {
        data: { title: `E2E Archive ${String(n).padStart(2, "0")}${n === 3 ? " about mycorrhizal fungi" : ""}`, audioUrl: `https://cdn.example/${n}.mp3`, publishedAt: `2023-01-${String(n).padStart(2, "0")}` },
      });
      expect(res.status()).toBe(201);
    }
  });

  test("when there are more episodes than a page holds, then the pages link to each other and the home strip ends with 'All episodes →'", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "All episodes →" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "All episodes" })).toBeVisible();
    const list = page.getByRole("list", { name: "Episodes" });
    await expect(list.getByRole("listitem")).toHaveCount(20);
    // Newest first: the dated episodes in the order of their dates.
    const names = (await list.getByRole("listitem").evaluateAll((items) => items.map((i) => i.getAttribute("aria-label") ?? ""))).filter((n) => n.startsWith("E2E Archive"));
    expect(names[0]).toBe("E2E Archive 24");
    expect(names).toEqual([...names].sort().reverse());
    await page.getByRole("link", { name: "Next →" }).click();
    await expect(page).toHaveURL(/\/archive\?page=2$/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await page.getByRole("link", { name: "← Previous" }).click();
    await expect(page).toHaveURL(/\/archive$/);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page.screenshot({ path: path.join(ARTIFACTS, `archive-${width}.png`), fullPage: true });
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    }
  });

  test("when the visitor searches, then the matches show with the words marked", async ({ page }) => {
    await page.goto("/archive");
    await expectAppReady(page);
    await page.getByRole("searchbox", { name: "Search episodes" }).fill("fungi");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/archive\?q=fungi$/);
    const results = page.getByRole("list", { name: "Matching episodes" });
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results.locator("mark")).toHaveText(["fungi"]);
    await expect(page.getByText("1 episode matches “fungi”")).toBeVisible();
  });

  test("when JavaScript is off, then the archive's pages and search still work as links and a form", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    try {
      await page.goto("/archive");
      await expect(page.getByRole("list", { name: "Episodes" }).getByRole("listitem")).toHaveCount(20);
      await page.getByRole("searchbox", { name: "Search episodes" }).fill("mycorrhizal");
      await page.getByRole("button", { name: "Search" }).click();
      await expect(page).toHaveURL(/\/archive\?q=mycorrhizal$/);
      await expect(page.getByRole("list", { name: "Matching episodes" }).getByRole("listitem")).toHaveCount(1);
      await page.goto("/archive");
      await page.getByRole("link", { name: "Next →" }).click();
      await expect(page).toHaveURL(/\/archive\?page=2$/);
    } finally {
      await context.close();
    }
  });
});
