// Longer than 200 lines: every listening journey of docs/product.md "Listening" at a phone's width
// and a desktop's, by keyboard, on the one podcast host below (a real-looking feed with people,
// chapters, a transcript, support links, a trailer and seasons).
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { eachTestWithFeedHost, syncFeedAndFiles } from "./admin-api";
import { expect, expectAppReady, seriousAxeFindings, test } from "./fixtures";
import { listenOnLoopback, quietWav, sendAudio, sendChapters } from "./loopback-host";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const AUDIO_SECONDS = 20;

/** The feed's host on loopback, as a show's host would publish it: people, support, podroll, a trailer, seasons, chapters with pictures, a transcript. */
async function startHost() {
  const audio = quietWav(AUDIO_SECONDS);
  const picture = (colour: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const files: Record<string, { type: string; body: Buffer | string }> = {
    "/ann.png": { type: "image/png", body: await picture("#2a6b8a") },
    "/ben.png": { type: "image/png", body: await picture("#8a4b2a") },
    "/chapter.png": { type: "image/png", body: await picture("#4b8a2a") },
    "/t.vtt": {
      type: "text/vtt",
      body: [
        "WEBVTT",
        "00:00:00.000 --> 00:00:04.000\n<v Ann>Welcome to the show about listening.",
        "00:00:04.000 --> 00:00:08.000\n<v Ben>Thanks for having me on.",
        "00:00:08.000 --> 00:00:12.000\n<v Ann>Let us talk about attention.",
        "00:00:12.000 --> 00:00:16.000\n<v Ben>Attention is a muscle.",
      ].join("\n\n"),
    },
  };
  let base = "";
  const requests: string[] = [];
  const item = (title: string, inner: string) =>
    `<item><title>${title}</title><guid>${title}</guid><pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate><itunes:duration>${AUDIO_SECONDS}</itunes:duration><enclosure url="${base}/episode.wav" length="${audio.length}" type="audio/wav"/>${inner}</item>`;
  const feed = (full: boolean) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0"><channel><title>E2E Listening Show</title>
${
  full
    ? `<podcast:person role="host" img="${base}/ann.png">Ann Host</podcast:person>
<podcast:funding url="https://support.example/e2e">Back the E2E show</podcast:funding>
<podcast:podroll><podcast:remoteItem feedGuid="f1" feedUrl="https://friends.example/feed.xml" title="A Friend's Show"/></podcast:podroll>
${item(
  "E2E Listening Episode",
  `<itunes:season>2</itunes:season><itunes:episode>3</itunes:episode>
<podcast:person role="host" img="${base}/ann.png">Ann Host</podcast:person><podcast:person role="guest" img="${base}/ben.png" href="https://ben.example/">Ben Guest</podcast:person>
<podcast:transcript url="${base}/t.vtt" type="text/vtt"/><podcast:chapters url="${base}/c.json" type="application/json+chapters"/>
<podcast:socialInteract protocol="activitypub" uri="https://social.example/@show/42"/>`,
)}
${item("E2E Listening Trailer", "<itunes:episodeType>trailer</itunes:episodeType><itunes:season>2</itunes:season>")}
${item("E2E Season One Episode", "<itunes:season>1</itunes:season>")}
${item(
  "E2E Crowd Episode",
  [
    `<podcast:person role="guest">عبد الرحمن بن عبد الله الحسيني المقدسي من جامعة القدس المفتوحة</podcast:person>`,
    `<podcast:person role="guest">Maximiliana Wilhelmina Konstantinopoulou-Papadimitriou-Vandenberghe</podcast:person>`,
    ...Array.from({ length: 48 }, (_, i) => `<podcast:person role="${i % 2 ? "guest" : "producer"}">Crowd Person ${i}</podcast:person>`),
  ].join(""),
)}`
    : ""
}
</channel></rss>`;
  let full = true;
  const host = await listenOnLoopback((req, res) => {
    const url = req.url ?? "";
    requests.push(url);
    if (url === "/feed.xml") return void res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(feed(full));
    if (url === "/c.json")
      return sendChapters(res, [
        { startTime: 0, title: "Opening", img: `${base}/chapter.png` },
        { startTime: 6, title: "The guest", url: "https://ben.example/work" },
        { startTime: 12, title: "Attention" },
      ]);
    const file = files[url];
    if (file) return void res.writeHead(200, { "Content-Type": file.type }).end(file.body);
    if (url === "/episode.wav") return sendAudio(req, res, audio);
    res.writeHead(404).end();
  });
  base = host.base;
  return {
    base,
    requests,
    /** From now on the feed names nothing: the show's people and links go with the next sync. */
    empty: () => void (full = false),
    close: host.close,
  };
}

const show = eachTestWithFeedHost(startHost, {
  // The show's people, support links and podroll leave with a feed that names none.
  tidy: async (api, host) => {
    host.empty();
    await syncFeedAndFiles(api);
  },
});

const EPISODE = "/episode/e2e-listening-episode";
const audioTime = (page: Page) => page.evaluate(() => document.querySelector("audio")!.currentTime);
const isPaused = (page: Page) => page.evaluate(() => document.querySelector("audio")!.paused);
const playerOf = (page: Page) => page.getByRole("group", { name: "Player: E2E Listening Episode" });
/** The episode's page, once its player's keys and the address's moment have loaded (after the first render). */
async function openEpisode(page: Page, address = EPISODE) {
  await page.goto(address);
  await expect(playerOf(page)).toHaveAttribute("data-keys", "on");
}
/** Presses a control as a keyboard user does: focus on it, then Enter. */
async function press(locator: ReturnType<Page["getByRole"]>) {
  await locator.focus();
  await locator.press("Enter");
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 900 } });

    test("when a link names a moment with an end (#t=0:03,0:06), then play starts there and pauses at the end; ?t= works too", async ({
      page,
    }) => {
      await openEpisode(page, `${EPISODE}#t=0:03,0:06`);
      await expect(playerOf(page).getByRole("status")).toHaveText("Plays from 0:03 to 0:06");
      // Nothing is fetched from the audio's host before the visitor presses play.
      expect(show.host.requests.filter((r) => r.startsWith("/episode.wav"))).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-moment-${width}.png`) });
      await press(playerOf(page).getByRole("button", { name: "Play", exact: true }));
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(3.2);
      await expect.poll(() => isPaused(page), { timeout: 10_000 }).toBe(true);
      const stoppedAt = await audioTime(page);
      expect(stoppedAt).toBeGreaterThanOrEqual(6);
      expect(stoppedAt).toBeLessThan(7.5);

      await openEpisode(page, `${EPISODE}?t=0:09`);
      await expect(playerOf(page).getByRole("status")).toHaveText("Plays from 0:09");
      await press(playerOf(page).getByRole("button", { name: "Play", exact: true }));
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(9.2);
      expect(await isPaused(page)).toBe(false);

      // A moment that cannot be (not a time, past the end) is no moment: play goes on where the visitor left it.
      for (const bad of ["?t=9:99", "?t=1:00:00", "#t=soon"]) {
        await openEpisode(page, `${EPISODE}${bad}`);
        await expect(playerOf(page).getByRole("status")).toHaveText(/^Resumes at 0:\d\d$/);
      }
    });

    test("when a visitor comes back after a reload, then play resumes where they stopped at the speed they chose; a link's moment wins", async ({
      page,
    }) => {
      await openEpisode(page);
      await press(playerOf(page).getByRole("button", { name: "Play", exact: true }));
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
      const seek = page.getByRole("slider", { name: "Seek" });
      await seek.focus();
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => audioTime(page)).toBeGreaterThan(10);
      await press(page.getByRole("button", { name: "Playback speed 1x" }));
      await expect(page.getByRole("button", { name: "Playback speed 1.25x" })).toBeVisible();
      await press(playerOf(page).getByRole("button", { name: "Pause", exact: true }));
      await expect.poll(() => isPaused(page)).toBe(true);
      const left = Math.floor(await audioTime(page));

      await page.reload();
      await expectAppReady(page);
      await expect(playerOf(page)).toHaveAttribute("data-keys", "on");
      await expect(playerOf(page).getByRole("status")).toHaveText(`Resumes at 0:${String(left).padStart(2, "0")}`);
      await expect(page.getByRole("button", { name: "Playback speed 1.25x" })).toBeVisible();
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-resume-${width}.png`) });
      await press(playerOf(page).getByRole("button", { name: "Play", exact: true }));
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(left);
      expect(await page.evaluate(() => document.querySelector("audio")!.playbackRate)).toBe(1.25);

      await openEpisode(page, `${EPISODE}?t=0:02`);
      await expect(playerOf(page).getByRole("status")).toHaveText("Plays from 0:02");
      await page.reload();
      await expectAppReady(page);
      await expect(playerOf(page)).toHaveAttribute("data-keys", "on");
      await press(playerOf(page).getByRole("button", { name: "Play", exact: true }));
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(2);
      expect(await audioTime(page)).toBeLessThan(left);
    });

    test("when a transcript line or a chapter is pressed by keyboard, then the episode plays from there and that one is marked as heard", async ({
      page,
    }) => {
      await openEpisode(page);
      const transcript = page.getByRole("region", { name: "Transcript" });
      const line = transcript.getByRole("button", { name: "0:08 Ann: Let us talk about attention." });
      await press(line);
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
      await expect(line).toHaveAttribute("aria-current", "true");
      await expect(transcript.locator('[aria-current="true"]')).toHaveCount(1);

      const chapters = page.getByRole("region", { name: "Chapters" });
      const chapter = chapters.getByRole("button", { name: "0:06 The guest" });
      await press(chapter);
      await expect.poll(() => audioTime(page)).toBeLessThan(8);
      await expect(chapter).toHaveAttribute("aria-current", "true");
      await expect(transcript.getByRole("button", { name: "0:04 Ben: Thanks for having me on." })).toHaveAttribute("aria-current", "true");
      // The chapter's picture is the site's copy; its link is its own.
      await expect(chapters.locator("img").first()).toHaveAttribute("src", /^\/objects\/[0-9a-f-]{36}\/photo-160\.jpeg$/);
      await expect(chapters.getByRole("link", { name: "Link: The guest (opens in a new tab)" })).toHaveAttribute(
        "href",
        "https://ben.example/work",
      );
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-episode-${width}.png`), fullPage: true });
      expect(await seriousAxeFindings(page)).toEqual([]);
    });

    test("when the player's keys are pressed with focus outside a text field, then K and Space play and pause, J and L jump back and ahead", async ({
      page,
    }) => {
      await openEpisode(page);
      await expect(playerOf(page).getByText(/^Keys:/)).toHaveText("Keys: Space or K play or pause, J or ← back 15 s, L or → ahead 30 s");
      await expect(playerOf(page).getByText(/^Keys:/)).toBeVisible();
      await page.keyboard.press("k");
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
      await page.keyboard.press("Space");
      await expect.poll(() => isPaused(page)).toBe(true);
      await page.keyboard.press("l");
      await expect.poll(() => audioTime(page)).toBeGreaterThan(19);
      await page.keyboard.press("j");
      await expect.poll(() => audioTime(page)).toBeLessThan(6);
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => audioTime(page)).toBeGreaterThan(19);
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => audioTime(page)).toBeLessThan(6);
      // On the seek bar the arrows move the bar, 5 s a step, as they always do.
      await page.getByRole("slider", { name: "Seek" }).focus();
      const before = await audioTime(page);
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => audioTime(page)).toBeGreaterThan(before + 4);
      expect(await audioTime(page)).toBeLessThan(before + 6);
    });

    test("when a visitor follows a person from the episode, then their page shows them, their role, their link and their episodes", async ({
      page,
    }) => {
      await openEpisode(page);
      const people = page.getByRole("region", { name: "In this episode" });
      await expect(people.getByRole("link")).toHaveText(["Ann Host, Host", "Ben Guest, Guest"]);
      await press(people.getByRole("link", { name: "Ben Guest, Guest" }));
      await expect(page).toHaveURL(/\/people\/ben-guest$/);
      await expect(page.getByRole("heading", { level: 1, name: "Ben Guest" })).toBeVisible();
      await expect(page.getByText("Guest", { exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "Website of Ben Guest (opens in a new tab)" })).toHaveAttribute(
        "href",
        "https://ben.example/",
      );
      await expect(page.getByRole("list", { name: "Their episodes" }).getByRole("link")).toHaveText(["E2E Listening Episode"]);
      await expect(page).toHaveTitle(/^Ben Guest · /);
      // The server renders the person's page as it renders an episode's.
      expect(await (await page.request.get("/people/ben-guest")).text()).toMatch(/<h1[^>]*>Ben Guest<\/h1>/);
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-person-${width}.png`), fullPage: true });
      expect(await seriousAxeFindings(page)).toEqual([]);
      // Served by the server as it is: the host's page lists every episode the show names her in.
      await page.goto("/people/ann-host");
      await expect(page.getByRole("list", { name: "Their episodes" }).getByRole("link")).toHaveCount(3);
      expect((await page.goto("/people/nobody-at-all"))!.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Person Not Found" })).toBeVisible();
    });

    test("when the show has support links, a trailer, a podroll and seasons, then home, the episode and the archive offer them", async ({
      page,
    }) => {
      await page.goto("/");
      await expect(page.getByRole("link", { name: "Back the E2E show (opens in a new tab)" }).first()).toHaveAttribute(
        "href",
        "https://support.example/e2e",
      );
      const trailer = page.getByRole("region", { name: "New here? Start with the trailer" });
      await expect(trailer.getByRole("link", { name: "E2E Listening Trailer" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Shows we recommend" }).getByRole("link")).toHaveText(
        "A Friend's Show (its feed, opens in a new tab)",
      );
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-home-${width}.png`), fullPage: true });
      expect(await seriousAxeFindings(page)).toEqual([]);
      await press(trailer.getByRole("button", { name: "Play: E2E Listening Trailer" }));
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(0.5);
      await expect(page.getByRole("region", { name: "Now playing" }).getByRole("link", { name: "E2E Listening Trailer" })).toBeVisible();

      await openEpisode(page);
      await expect(page.getByRole("link", { name: "Back the E2E show (opens in a new tab)" })).toHaveAttribute(
        "href",
        "https://support.example/e2e",
      );
      await expect(page.getByRole("link", { name: "Join the discussion (opens in a new tab)" })).toHaveAttribute(
        "href",
        "https://social.example/@show/42",
      );
      await expect(page.getByText("Season 2 · Episode 3 · 1 Jan 2024")).toBeVisible();

      await page.goto("/archive");
      await press(page.getByRole("navigation", { name: "Seasons" }).getByRole("link", { name: "Season 1" }));
      await expect(page).toHaveURL(/\/archive\?season=1$/);
      await expect(page.getByRole("heading", { level: 1, name: "Season 1" })).toBeVisible();
      await expect(page.getByRole("list", { name: "Episodes" }).getByRole("heading")).toHaveText(["E2E Season One Episode"]);
      await expect(page.getByRole("list", { name: "Episodes" })).toContainText("Season 1 · 1 Jan 2024");
    });

    test("when an episode names 50 people, some with long or right-to-left names, then its page and theirs hold them", async ({ page }) => {
      await page.goto("/episode/e2e-crowd-episode");
      const people = page.getByRole("region", { name: "In this episode" });
      await expect(people.getByRole("link")).toHaveCount(8);
      await press(people.getByText("Show all 50 people"));
      await expect(people.getByRole("link")).toHaveCount(50);
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-crowd-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await press(people.getByRole("link", { name: /^عبد الرحمن/ }));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("عبد الرحمن بن عبد الله الحسيني المقدسي من جامعة القدس المفتوحة");
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-person-rtl-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousAxeFindings(page)).toEqual([]);
    });

    test("when 'Copy RSS feed' or the player's 'Link at' is pressed, then the exact address is copied", async ({ page, context }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/listen");
      await press(page.getByRole("button", { name: "Copy RSS feed" }));
      await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "The feed's address is copied." })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${show.host.base}/feed.xml`);
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-listen-${width}.png`), fullPage: true });
      expect(await seriousAxeFindings(page)).toEqual([]);

      await openEpisode(page, `${EPISODE}?t=0:07`);
      await press(playerOf(page).getByRole("button", { name: "Play", exact: true }));
      await expect.poll(() => audioTime(page), { timeout: 10_000 }).toBeGreaterThan(7);
      await press(playerOf(page).getByRole("button", { name: "Pause", exact: true }));
      const link = playerOf(page).getByRole("button", { name: /^Link at 0:0[789]$/ });
      await page.screenshot({ path: path.join(ARTIFACTS, `listening-link-at-${width}.png`) });
      await press(link);
      await expect(playerOf(page).getByRole("button", { name: "Copied!" })).toBeVisible();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied.startsWith(`${new URL(page.url()).origin}/episode/e2e-listening-episode?t=`)).toBe(true);
      expect(copied).toMatch(/\?t=0:0[789]$/);
      // The copied link opens the episode at that moment.
      await page.goto(copied);
      await expect(playerOf(page).getByRole("status")).toHaveText(/^Plays from 0:0[789]$/);
    });
  });
}

test("when the episode page is opened on a phone (touch, no hover), then the player shows no key hints, as there is no keyboard to press", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await openEpisode(page);
    await expect(playerOf(page).getByText(/^Keys:/)).toBeHidden();
    await expect(playerOf(page).getByRole("button", { name: "Play", exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
