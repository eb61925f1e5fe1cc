import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { createItem, eachTestWithFeedHost } from "./admin-api";
import { expect, expectAppReady, seriousAxeFindings, test } from "./fixtures";
import { listenOnLoopback, quietWav, sendAudio, sendChapters } from "./loopback-host";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const AUDIO_SECONDS = 20;

/** The podcast's host on loopback: the feed, its transcript and chapters, the episode's artwork, and the audio (with byte ranges, for seeking). */
async function startHost() {
  const audio = quietWav(AUDIO_SECONDS);
  const art = await sharp({ create: { width: 400, height: 400, channels: 3, background: "#8a4b2a" } })
    .png()
    .toBuffer();
  const requests: string[] = [];
  let base = "";
  const feed = () => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>E2E Player Show</title>
<item><title>E2E Player Episode</title><guid>e2e-player</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><itunes:duration>${AUDIO_SECONDS}</itunes:duration>
<itunes:episode>7</itunes:episode><itunes:image href="${base}/art.png"/><description><![CDATA[<p>Show notes with <a href="https://example.com/read">a link</a>.</p>]]></description>
<enclosure url="${base}/episode.wav" length="${audio.length}" type="audio/wav"/>
<podcast:transcript url="${base}/t.vtt" type="text/vtt"/><podcast:chapters url="${base}/c.json" type="application/json+chapters"/></item>
</channel></rss>`;
  const host = await listenOnLoopback((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/feed.xml") return void res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(feed());
    if (req.url === "/art.png") return void res.writeHead(200, { "Content-Type": "image/png" }).end(art);
    if (req.url === "/t.vtt")
      return void res
        .writeHead(200, { "Content-Type": "text/vtt" })
        .end(
          "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ann>Welcome to the quiet episode.</v>\n\n00:00:12.000 --> 00:00:15.000\n<v Ben>Twelve seconds in.</v>\n\n00:00:16.000 --> 00:00:18.000\n<v Ben>Sixteen seconds in.</v>\n",
        );
    if (req.url === "/c.json")
      return sendChapters(res, [
        { startTime: 0, title: "Start" },
        { startTime: 10, title: "Middle" },
      ]);
    if (req.url === "/episode.wav") return sendAudio(req, res, audio);
    res.writeHead(404).end();
  });
  base = host.base;
  return { base, requests, close: host.close };
}

const show = eachTestWithFeedHost(startHost, { reset: { podcast_description: "A podcast about pain and learning for curious people." } });

/** Opens `path` at a phone's or a desktop's `width`, once the app is ready. */
async function openAtWidth(page: Page, width: number, path: string): Promise<void> {
  await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
  await page.goto(path);
  await expectAppReady(page);
}

/** Opens `path` at a phone's width and then at a desktop's (openAtWidth), and runs `check` at each. */
async function atEachWidth(page: Page, path: string, check: (width: number) => Promise<void>): Promise<void> {
  for (const width of [390, 1280]) {
    await openAtWidth(page, width, path);
    await check(width);
  }
}

const audioTime = (page: Page) => page.evaluate(() => document.querySelector("audio")!.currentTime);
const isPaused = (page: Page) => page.evaluate(() => document.querySelector("audio")!.paused);

test("when the episode page opens, then its notes, chapters and transcript are in the served HTML and nothing is fetched from the audio's host", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/episode/e2e-player-episode")).text();
  expect(html).toContain("Welcome to the quiet episode.");
  expect(html).toContain("Middle");
  expect(html).toContain('"@type":"PodcastEpisode"');
  await page.goto("/episode/e2e-player-episode");
  await expect(page.getByRole("heading", { level: 1, name: "E2E Player Episode" })).toBeVisible();
  await expect(page.getByText("Episode 7 · 1 Jan 2024")).toBeVisible();
  await expect(page.getByRole("link", { name: "a link" })).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  expect(show.host.requests.filter((r) => r.startsWith("/episode.wav"))).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await page.screenshot({ path: path.join(ARTIFACTS, `episode-${width}.png`), fullPage: true });
    expect(await seriousAxeFindings(page)).toEqual([]);
  }
});

test("when a keyboard user tabs through an episode page on a desktop, then the Listen menu and Play come before the share buttons", async ({
  page,
}) => {
  await openAtWidth(page, 1280, "/episode/e2e-player-episode");
  const reached: string[] = [];
  for (let i = 0; i < 30 && !reached.includes("Copy Link"); i++) {
    await page.keyboard.press("Tab");
    reached.push(
      await page.evaluate(() => (document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.textContent ?? "").trim()),
    );
  }
  const at = (name: string) => reached.indexOf(name);
  expect(at("Back to Home"), reached.join(" | ")).toBeGreaterThanOrEqual(0);
  expect(at("Listen"), reached.join(" | ")).toBeGreaterThan(at("Back to Home"));
  expect(at("Play"), reached.join(" | ")).toBeGreaterThan(at("Listen"));
  expect(at("Copy Link"), reached.join(" | ")).toBeGreaterThan(at("Play"));
});

test("when a visitor opens an episode page on a phone or a desktop, then its top bar has the Listen menu, which opens with the show's providers", async ({
  page,
}) => {
  await atEachWidth(page, "/episode/e2e-player-episode", async (width) => {
    const listen = page.getByRole("banner").getByRole("button", { name: "Listen" });
    await expect(listen).toBeVisible();
    await listen.click();
    const menu = page.getByRole("menu", { name: "Podcast providers" });
    await expect(menu.getByRole("menuitem").first()).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, `episode-listen-menu-${width}.png`) });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(listen).toBeFocused();
  });
});

test("when a keyboard user plays and pauses the episode, then the audio advances, then stops; the seek bar and -15/+30 move it", async ({
  page,
}) => {
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
  // What the skip buttons show begins their names (WCAG 2.5.3: saying "+30 s" presses it).
  await expect(page.getByRole("button", { name: "Ahead 30 seconds" })).toHaveAccessibleName(/^\+30 s\b/);
  await expect(page.getByRole("button", { name: "Back 15 seconds" })).toHaveAccessibleName(/^−15 s\b/);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.getByRole("button", { name: "Ahead 30 seconds" }).click();
  await expect.poll(() => audioTime(page)).toBeGreaterThan(19);
  await page.getByRole("button", { name: "Back 15 seconds" }).click();
  await expect.poll(() => audioTime(page)).toBeLessThan(6);
  await page.getByRole("button", { name: "Playback speed 1x" }).click();
  await expect(page.getByRole("button", { name: "Playback speed 1.25x" })).toBeVisible();
  expect(await page.evaluate(() => document.querySelector("audio")!.playbackRate)).toBe(1.25);
});

test("when a chapter or a transcript line is chosen, then the episode plays from there", async ({ page }) => {
  await page.goto("/episode/e2e-player-episode");
  await expectAppReady(page);
  await page.getByRole("region", { name: "Chapters" }).getByRole("button", { name: "0:10 Middle" }).click();
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(10);
  expect(await isPaused(page)).toBe(false);
  await page.getByRole("region", { name: "Transcript" }).getByRole("button", { name: "0:12 Ben: Twelve seconds in." }).click();
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(12);
  // Each cue is its own line, also when one speaker says two in a row: the speaker is named once.
  await expect(page.getByRole("region", { name: "Transcript" }).getByRole("button", { name: "0:16 Sixteen seconds in." })).toBeVisible();
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
  await expect(
    page.getByRole("group", { name: "Player: E2E Player Episode" }).getByRole("button", { name: "Pause", exact: true }),
  ).toBeVisible();
});

test("when an episode with artwork plays, then the lock screen's artwork is the site's own copy, never the feed's address", async ({
  page,
  baseURL,
}) => {
  const fromBrowser: string[] = [];
  page.on("request", (r) => fromBrowser.push(r.url()));
  await page.goto("/episode/e2e-player-episode");
  await expectAppReady(page);
  await page.getByRole("group", { name: "Player: E2E Player Episode" }).getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
  const artwork = await page.evaluate(() => navigator.mediaSession.metadata?.artwork.map((a) => ({ src: a.src, sizes: a.sizes })) ?? []);
  expect(artwork.map((a) => a.sizes)).toEqual(["192x192", "512x512", "1024x1024"]);
  for (const { src } of artwork) {
    expect(src.startsWith(`${baseURL}/objects/`), src).toBe(true);
    expect(src).toMatch(/\/objects\/[0-9a-f-]{36}\/artwork-\d+\.jpeg$/);
  }
  const lockScreenImage = await page.request.get(artwork[1]!.src);
  expect(lockScreenImage.headers()["content-type"]).toBe("image/jpeg");
  expect(fromBrowser.filter((url) => url.includes("/art.png"))).toEqual([]);
});

test("when the episode's audio cannot be loaded, then the player says so in words and links the file, on the page and in the bar below", async ({
  page,
}) => {
  await createItem(show.api, "episodes", { title: "E2E Missing Audio", audioUrl: `${show.host.base}/missing.wav`, isPublished: true });
  await atEachWidth(page, "/episode/e2e-missing-audio", async (width) => {
    const playerGroup = page.getByRole("group", { name: "Player: E2E Missing Audio" });
    await playerGroup.getByRole("button", { name: "Play", exact: true }).click();
    await expect(playerGroup.getByRole("alert")).toHaveText(/^The audio could not be loaded here\. Open the audio file/);
    await expect(playerGroup.getByRole("link", { name: "Open the audio file (opens in a new tab)" })).toHaveAttribute(
      "href",
      `${show.host.base}/missing.wav`,
    );
    const bar = page.getByRole("region", { name: "Now playing" });
    await expect(bar.getByRole("alert")).toContainText("Could not load.");
    await expect(bar.getByRole("link", { name: /^Open the audio file/ })).toHaveAttribute("href", `${show.host.base}/missing.wav`);
    await expect(playerGroup.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, `episode-audio-failed-${width}.png`), fullPage: true });
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

test.describe("the home page", () => {
  test("when an episode has its own audio, then its card's play button plays it with the site's player, and pauses it", async ({
    page,
  }) => {
    // A title without the word "Episode", which the card shows: its controls' names must hold what they show.
    await createItem(show.api, "episodes", { title: "E2E Quiet Hours", audioUrl: `${show.host.base}/episode.wav`, isPublished: true });
    await atEachWidth(page, "/", async (width) => {
      const card = page.getByRole("region", { name: "Latest Episodes" }).getByRole("article", { name: "E2E Quiet Hours" });
      await card.scrollIntoViewIfNeeded();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await card.getByRole("button", { name: "Play: E2E Quiet Hours" }).click();
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
      await expect(page.getByRole("region", { name: "Now playing" }).getByRole("link", { name: "E2E Quiet Hours" })).toBeVisible();
      const pause = card.getByRole("button", { name: "Pause: E2E Quiet Hours" });
      await expect(pause).toBeVisible();
      await page.screenshot({ path: path.join(ARTIFACTS, `home-audio-card-${width}.png`) });
      expect(await seriousAxeFindings(page)).toEqual([]);
      await pause.click();
      await expect.poll(() => isPaused(page)).toBe(true);
      await expect(card.getByRole("button", { name: "Play: E2E Quiet Hours" })).toBeVisible();
    });
  });

  test("when the show has no published clips, then the home page has no clips strip", async ({ page }) => {
    const clips = (await (await show.api.get("/api/clips")).json()) as { id: number; isPublished: boolean }[];
    const shown = clips.filter((c) => c.isPublished);
    expect(shown.length).toBeGreaterThan(0);
    try {
      for (const clip of shown) expect((await show.api.put(`/api/clips/${clip.id}`, { data: { isPublished: false } })).status()).toBe(200);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
        await page.goto("/");
        await expect(page.getByRole("region", { name: "Latest Episodes" })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Watch Clips" })).toHaveCount(0);
        await expect(page.getByText("No clips available")).toHaveCount(0);
        await page.screenshot({ path: path.join(ARTIFACTS, `home-no-clips-${width}.png`), fullPage: true });
      }
    } finally {
      for (const clip of shown) await show.api.put(`/api/clips/${clip.id}`, { data: { isPublished: true } });
    }
  });
});

test("when an episode is a draft or unknown, then its page is a 404", async ({ page }) => {
  const episodes = (await (await show.api.get("/api/episodes")).json()) as { id: number; slug: string; title: string }[];
  const mine = episodes.find((e) => e.title === "E2E Player Episode")!;
  await show.api.put(`/api/episodes/${mine.id}`, { data: { isPublished: false } });
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
      const res = await show.api.post("/api/episodes", {
        data: {
          title: `E2E Archive ${String(n).padStart(2, "0")}${n === 3 ? " about mycorrhizal fungi" : ""}`,
          audioUrl: `https://cdn.example/${n}.mp3`,
          publishedAt: `2023-01-${String(n).padStart(2, "0")}`,
        },
      });
      expect(res.status()).toBe(201);
    }
  });

  test("when there are more episodes than a page holds, then the pages link to each other and the home strip ends with 'All episodes →'", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "All episodes →" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "All episodes" })).toBeVisible();
    const list = page.getByRole("list", { name: "Episodes" });
    await expect(list.getByRole("listitem")).toHaveCount(20);
    // Newest first: the dated episodes in the order of their dates.
    const names = (await list.getByRole("listitem").evaluateAll((items) => items.map((i) => i.getAttribute("aria-label") ?? ""))).filter(
      (n) => n.startsWith("E2E Archive"),
    );
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
      expect(await seriousAxeFindings(page)).toEqual([]);
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
      // A match in the transcript links to its moment, and the page is served there, not sent away.
      await page.goto("/archive?q=twelve");
      await page.getByRole("link", { name: "Jump to 0:12 in E2E Player Episode" }).click();
      await expect(page).toHaveURL(/\/episode\/e2e-player-episode\?t=12$/);
      await expect(page.getByRole("heading", { level: 1, name: "E2E Player Episode" })).toBeVisible();
      // A word said in the speaker's second cue in a row leads to that cue's time.
      await page.goto("/archive?q=sixteen");
      await expect(page.getByRole("link", { name: "Jump to 0:16 in E2E Player Episode" })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe("searching as you type", () => {
  test.beforeEach(async () => {
    for (const title of ["E2E Sèries de tardor", "E2E Ψυχολογία του πόνου", "E2E Seasons apart"]) {
      await createItem(show.api, "episodes", { title, audioUrl: "https://cdn.example/typed.mp3", isPublished: true });
    }
  });

  for (const width of [390, 1280]) {
    test(`when a visitor types at ${width} px, then the results and the address follow the words, without accents, one history entry, focus and caret kept, the last results shown until the next arrive`, async ({
      page,
    }) => {
      await openAtWidth(page, width, "/archive");
      const box = page.getByRole("searchbox", { name: "Search episodes" });
      const results = page.getByRole("list", { name: "Matching episodes" });
      const historyLength = await page.evaluate(() => history.length);
      await box.click();
      await box.pressSequentially("series");
      await expect(page).toHaveURL(/\/archive\?q=series$/);
      await expect(results.getByRole("listitem")).toHaveText([/E2E Sèries de tardor/]);
      await expect(page.getByText("1 episode matches “series”")).toBeVisible();
      await expect(box).toBeFocused();
      expect(await box.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd, el.value])).toEqual([6, 6, "series"]);
      await page.screenshot({ path: path.join(ARTIFACTS, `archive-typed-${width}.png`), fullPage: true });
      expect(await seriousAxeFindings(page)).toEqual([]);

      // The next answer is held back: until it comes, what was found stays on screen.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === "/api/episodes/archive" && url.searchParams.get("q") === "series tardor",
        async (route) => {
          await held;
          await route.continue();
        },
      );
      await box.pressSequentially(" tardor");
      await expect(page).toHaveURL(/\/archive\?q=series\+tardor$/);
      await expect(results.getByRole("listitem")).toHaveText([/E2E Sèries de tardor/]);
      await expect(page.getByText("1 episode matches “series”")).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      release();
      await expect(page.getByText("1 episode matches “series tardor”")).toBeVisible();
      await expect(box).toBeFocused();
      expect(await box.evaluate((el: HTMLInputElement) => [el.selectionStart, el.value.length])).toEqual([13, 13]);

      // Greek typed without its accents finds the accented title.
      await box.fill("");
      await expect(page).toHaveURL(/\/archive$/);
      await expect(page.getByRole("heading", { level: 1, name: "All episodes" })).toBeVisible();
      await box.pressSequentially("ψυχολογια");
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("ψυχολογια");
      await expect(results.getByRole("listitem")).toHaveText([/E2E Ψυχολογία του πόνου/]);
      await expect(results.locator("mark")).toHaveText(["Ψυχολογία"]);
      await expect(box).toBeFocused();
      await page.screenshot({ path: path.join(ARTIFACTS, `archive-typed-greek-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
    });
  }

  test("when the words are in an episode's transcript, then its result links to the moment they are said", async ({ page }) => {
    await page.goto("/archive");
    await expectAppReady(page);
    await page.getByRole("searchbox", { name: "Search episodes" }).pressSequentially("twelve");
    const result = page.getByRole("list", { name: "Matching episodes" }).getByRole("listitem", { name: "E2E Player Episode" });
    await expect(result.locator("mark")).toHaveText(["Twelve"]);
    const jump = result.getByRole("link", { name: "Jump to 0:12 in E2E Player Episode" });
    await expect(jump).toHaveAttribute("href", "/episode/e2e-player-episode?t=12");
    await page.screenshot({ path: path.join(ARTIFACTS, "archive-transcript-match-1280.png"), fullPage: true });
    await jump.click();
    await expect(page).toHaveURL(/\/episode\/e2e-player-episode\?t=12$/);
    await expect(page.getByRole("heading", { level: 1, name: "E2E Player Episode" })).toBeVisible();
  });
});
