import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import type { AnalyticsReport } from "../shared/analytics";
import { createItem } from "./admin-api";
import { ARABIC_EPISODE_TITLE, HEBREW_EPISODE_TITLE, LONG_EPISODE_TITLE, serveFilledReport } from "./analytics-report";
import { expect, seriousAxeFindings, test, waitsForAppOnGoto } from "./fixtures";
import { listenOnLoopback, quietWav, sendAudio } from "./loopback-host";
import { ADMIN_LOGIN } from "./server-state";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

/** Ordinary browsers' agents: headless Chromium's own says HeadlessChrome, which the bot list drops. */
const DESKTOP =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 E2E-desktop";
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 E2E-phone";
const AUDIO_SECONDS = 3;

/** The show's audio host, on loopback (with byte ranges, as hosts answer players). */
async function startAudioHost() {
  const audio = quietWav(AUDIO_SECONDS);
  const host = await listenOnLoopback((req, res) => sendAudio(req, res, audio));
  return { url: `${host.base}/episode.wav`, close: host.close };
}

/** A person's browser: its own agent and screen; other sites' addresses go nowhere (there is no network). */
async function visitor(
  browser: Browser,
  baseURL: string,
  userAgent: string,
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, userAgent, viewport: { width, height: width < 768 ? 844 : 900 } });
  const own = new URL(baseURL).host;
  await context.route(
    (url) => url.host !== own && url.hostname !== "127.0.0.1",
    (route) => route.abort(),
  );
  return { context, page: waitsForAppOnGoto(await context.newPage()) };
}

test("when people visit on a phone and a desktop, play, pick a platform and search in vain, then the owner sees it all on /admin/analytics and in the CSV", async ({
  browser,
  baseURL,
  api,
}) => {
  test.setTimeout(90_000);
  const host = await startAudioHost();
  const run = Date.now().toString(36);
  const episode = await createItem<{ id: number; slug: string }>(api, "episodes", {
    title: `E2E Analytics Episode ${run}`,
    audioUrl: host.url,
    durationSeconds: AUDIO_SECONDS,
    publishedAt: new Date().toISOString(),
    isPublished: true,
    sortOrder: 0,
  });
  const provider = await createItem<{ id: number }>(api, "providers", {
    name: `E2E Analytics App ${run}`,
    url: "https://apps.example/e2e",
    icon: "fab fa-podcast",
    sortOrder: "0",
  });
  const missing = `zzz nothing about ${run}`;
  const episodePath = `/episode/${episode.slug}`;
  const contexts: BrowserContext[] = [];
  try {
    // A desktop visitor: home, then to the episode inside the site, plays it to the end, picks a
    // platform in the Listen menu, then searches the archive for something that is not there.
    const desktop = await visitor(browser, baseURL!, DESKTOP, 1280);
    contexts.push(desktop.context);
    await desktop.page.goto("/");
    await desktop.page
      .getByRole("link", { name: `E2E Analytics Episode ${run}` })
      .first()
      .click();
    await expect(desktop.page).toHaveURL((url) => url.pathname === episodePath);
    const player = desktop.page.getByRole("group", { name: `Player: E2E Analytics Episode ${run}` });
    await player.getByRole("button", { name: "Play", exact: true }).click();
    await expect.poll(() => desktop.page.evaluate(() => document.querySelector("audio")!.ended), { timeout: 20_000 }).toBe(true);
    await desktop.page.goto("/");
    await desktop.page.getByRole("button", { name: "Listen" }).click();
    await desktop.page.getByRole("menuitem", { name: `E2E Analytics App ${run}` }).click();
    await desktop.page.goto("/archive");
    await desktop.page.getByRole("searchbox", { name: "Search episodes" }).fill(missing);
    await expect(desktop.page.getByText(`0 episodes match “${missing}”`)).toBeVisible();
    // Leaving the search reports it (or 2 s of it staying).
    await desktop.page.getByRole("link", { name: /Back/ }).first().click();

    // A phone visitor, sent by another site, straight to the episode.
    const phone = await visitor(browser, baseURL!, PHONE, 390);
    contexts.push(phone.context);
    await phone.page.goto(episodePath, { referer: "https://news.example/story" });
    await expect(phone.page.getByRole("heading", { level: 1, name: `E2E Analytics Episode ${run}` })).toBeVisible();

    // The owner: logged in, their own visit is not counted.
    const owner = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    contexts.push(owner);
    const login = await owner.request.post("/api/auth/login", {
      data: ADMIN_LOGIN,
      headers: { Origin: baseURL! },
    });
    expect(login.status()).toBe(200);
    const admin = waitsForAppOnGoto(await owner.newPage());
    const beacons: string[] = [];
    admin.on("request", (r) => r.url().endsWith("/api/events") && beacons.push(r.url()));
    await admin.goto(episodePath);
    await admin.goto("/admin");
    await admin.getByRole("link", { name: "View Analytics" }).click();
    await expect(admin.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    await expect(admin.getByText(/Podcast apps download episodes from your podcast host, not from this site/)).toBeVisible();

    // Within seconds (each instance writes every 5 s): two visitors of the episode, the play, the listen, the click, the empty search.
    // The phone's visit came last and may be in a later write than the desktop's: wait for it too.
    const cells = async (region: string, name: string) =>
      (await admin.getByRole("region", { name: region }).getByRole("row", { name }).getByRole("cell").allInnerTexts()).map((t) => t.trim());
    const episodeRow = admin.getByRole("region", { name: "Episodes played on the site" }).getByRole("row", { name: run });
    await expect(async () => {
      await admin.getByRole("button", { name: "Refresh" }).click();
      await expect(episodeRow).toContainText("1", { timeout: 1_000 });
      await expect(admin.getByRole("region", { name: "Archive searches" }).getByRole("row", { name: missing })).toBeVisible({
        timeout: 1_000,
      });
      expect(await cells("Pages", episodePath)).toEqual(["2", "2"]);
    }).toPass({ timeout: 30_000 });
    expect(await cells("Episodes played on the site", run)).toEqual(["1", "1", "1 (100%)", "1 (100%)", "1 (100%)", "1 (100%)"]);
    expect(await cells("Pages", episodePath)).toEqual(["2", "2"]);
    expect(await cells("Platforms chosen", `E2E Analytics App ${run}`)).toEqual(["1"]);
    const searchRow = admin.getByRole("region", { name: "Archive searches" }).getByRole("row", { name: missing });
    await expect(searchRow.getByText("No results")).toBeVisible();
    expect(await cells("Archive searches", missing)).toEqual(["1", "0"]);
    await expect(admin.getByRole("region", { name: "Where visitors came from" }).getByRole("row", { name: /news\.example/ })).toBeVisible();
    await expect(admin.getByRole("region", { name: "Devices" }).getByRole("row", { name: /Phone/ })).toBeVisible();
    await expect(admin.getByRole("region", { name: "Devices" }).getByRole("row", { name: /Desktop/ })).toBeVisible();
    expect(beacons).toEqual([]);

    // The CSV says what the report says, day by day.
    const report = (await (await owner.request.get("/api/analytics")).json()) as AnalyticsReport;
    const csv = await (await owner.request.get(`/api/analytics/export.csv?from=${report.from}&to=${report.to}`)).text();
    const today = report.days.at(-1)!;
    const [, ...row] = csv.trim().split("\r\n").at(-1)!.split(",");
    expect(row.slice(0, 4).map(Number)).toEqual([today.pageviews, today.visitors, today.plays, today.listens]);
    expect(today.plays).toBeGreaterThanOrEqual(1);
    expect(Number(row[4])).toBeGreaterThanOrEqual(1); // providerClicks
    expect(Number(row[7])).toBeGreaterThanOrEqual(1); // searches

    // The screen at desktop and phone widths, by keyboard, and for axe.
    await admin.getByRole("radio", { name: "Last 7 days" }).focus();
    await admin.keyboard.press("ArrowRight");
    await expect(admin.getByRole("radio", { name: "Last 30 days" })).toBeChecked();
    await admin.screenshot({ path: path.join(ARTIFACTS, "admin-analytics-1280.png"), fullPage: true });
    expect(await seriousAxeFindings(admin)).toEqual([]);
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The pages' table (a page, its views, its visitors) fits the phone: no column hides to the side.
    const pagesTable = admin.getByRole("region", { name: "Pages" }).getByRole("group", { name: "Pages" });
    await expect.poll(() => pagesTable.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await admin.screenshot({ path: path.join(ARTIFACTS, "admin-analytics-390.png"), fullPage: true });
  } finally {
    for (const context of contexts) await context.close();
    await host.close();
    await api.delete(`/api/providers/${provider.id}`);
  }
});

test("when the owner picks a custom range that runs backwards, then the screen says why, and a right one shows every day of it", async ({
  page,
  baseURL,
}) => {
  const login = await page.request.post("/api/auth/login", {
    data: ADMIN_LOGIN,
    headers: { Origin: baseURL! },
  });
  expect(login.status()).toBe(200);
  await page.goto("/admin/analytics");
  await page.getByRole("radio", { name: "Custom range" }).check();
  await page.getByLabel("From", { exact: true }).fill("2026-03-10");
  await page.getByLabel("To", { exact: true }).fill("2026-03-01");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("alert")).toHaveText("The first day must come before the last.");
  await page.getByLabel("To", { exact: true }).fill("2026-03-16");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: /2026-03-10 to 2026-03-16/ })).toBeVisible();
  await page.getByText("Figures by day").click();
  await expect(page.getByRole("group", { name: "Figures by day" }).getByRole("row")).toHaveCount(8);
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    "/api/analytics/export.csv?from=2026-03-10&to=2026-03-16",
  );
  await expect(page.getByRole("heading", { name: "Nothing counted yet" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(ARTIFACTS, "admin-analytics-empty-390.png"), fullPage: true });
});

/** On how many lines the text of `element` is laid out. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
  });
}

test.describe("the report's tables on a phone and a desktop", () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await serveFilledReport(page);
    const login = await page.request.post("/api/auth/login", { data: ADMIN_LOGIN, headers: { Origin: baseURL! } });
    expect(login.status()).toBe(200);
  });

  test("when the owner reads the episodes played on a 390 px phone, then every row is a card whose figures are all in view, each under its column's name, and nothing scrolls sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/analytics");
    const card = page.getByRole("region", { name: "Episodes played on the site" });
    const table = card.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(5);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // No table of the report hides a column to the side.
    await page.getByText("Figures by day").click();
    await expect(page.getByRole("rowheader", { name: /^\d{4}-\d{2}-\d{2}$/ }).first()).toBeVisible();
    const tables = page.locator("main table");
    expect(await tables.count()).toBeGreaterThanOrEqual(9);
    for (const each of await tables.all()) {
      expect(await each.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    }

    // Each figure says which it is, and a figure with its share ("2 (67%)") is whole on one line.
    const row = table.getByRole("row", { name: /^Episode Three/ });
    expect((await row.getByRole("cell").allInnerTexts()).map((t) => t.replace(/\s+/g, " ").trim())).toEqual([
      "Plays 3",
      "Listens 3",
      "25% 3 (100%)",
      "50% 2 (67%)",
      "75% 2 (67%)",
      "100% 1 (33%)",
    ]);
    for (const figure of await row.getByText(/^\d+ \(\d+%\)$/).all()) expect(await linesOf(figure)).toBe(1);

    // Every cell of every row, the long title's and the Arabic and Hebrew ones' included, fits the
    // card and the screen whole once scrolled to: none is wider than its box, none is cut.
    const frameBox = (await table.locator("..").boundingBox())!;
    for (const title of [LONG_EPISODE_TITLE, ARABIC_EPISODE_TITLE, HEBREW_EPISODE_TITLE]) {
      await expect(table.getByRole("rowheader", { name: title })).toBeVisible();
    }
    for (const cell of await table.locator("tbody").locator("th, td").all()) {
      await cell.scrollIntoViewIfNeeded();
      await expect(cell).toBeInViewport({ ratio: 1 });
      expect(await cell.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      const box = (await cell.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frameBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(frameBox.x + frameBox.width + 0.5);
    }
    await table.locator("..").evaluate((el) => el.scrollTo(0, 0));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-analytics-tables-390.png"), fullPage: true });
    await card.screenshot({ path: path.join(ARTIFACTS, "admin-analytics-episodes-390.png") });
  });

  test("when the owner reads the episodes played on a 1280 px desktop, then they are a table whose every figure keeps its share on its line", async ({
    page,
  }) => {
    await page.goto("/admin/analytics");
    const card = page.getByRole("region", { name: "Episodes played on the site" });
    const table = card.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Episode", "Plays", "Listens", "25%", "50%", "75%", "100%"]);
    const row = table.getByRole("row", { name: /^Episode Forty-Two/ });
    expect(await row.getByRole("cell").allInnerTexts()).toEqual(["1,200", "984", "1,100 (92%)", "1,000 (83%)", "800 (67%)", "650 (54%)"]);
    // Beside the long title's lines, "1,100 (92%)" is not broken over two.
    for (const figure of ["1,200", "984", "1,100 (92%)", "1,000 (83%)", "800 (67%)", "650 (54%)"]) {
      expect(await linesOf(row.getByText(figure, { exact: true })), figure).toBe(1);
    }
    expect(await linesOf(row.getByRole("rowheader"))).toBeGreaterThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-analytics-tables-1280.png"), fullPage: true });
    await card.screenshot({ path: path.join(ARTIFACTS, "admin-analytics-episodes-1280.png") });
  });
});
