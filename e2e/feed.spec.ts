import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, removeE2EItems, saveSettings } from "./admin-api";
import { expect, recordRequests, test } from "./fixtures";
import { feedHost } from "./loopback-host";
import { SEED } from "./seed";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>E2E Feed Show</title>
${["First", "Second", "Third"]
  .map(
    (name, i) =>
      `<item><title>E2E Feed ${name}</title><guid>e2e-feed-${i}</guid><pubDate>Mon, 0${i + 1} Jan 2024 10:00:00 GMT</pubDate>` +
      `<description><![CDATA[<p>Notes of the ${name.toLowerCase()} episode.</p>]]></description>` +
      `<enclosure url="https://cdn.example/e2e-${i}.mp3" length="1000" type="audio/mpeg"/><itunes:duration>25:00</itunes:duration></item>`,
  )
  .join("\n")}
</channel></rss>`;

let api: APIRequestContext;
test.beforeEach(async ({ baseURL }) => {
  api = await adminApi(baseURL!);
});
test.afterEach(async () => {
  await saveSettings(api, { rss_url: "", podcast_title: "" });
  await removeE2EItems(api);
  await api.dispose();
});

async function loginAsOwner(page: Page, baseURL: string) {
  await page.context().addCookies((await api.storageState()).cookies);
  await recordRequests(page, baseURL);
}

test("when the owner sets the feed and presses 'Refresh Content Feed', then they are asked first, the episodes arrive as drafts, 'Publish all' is offered, and a published one shows on the home page", async ({
  page,
  baseURL,
}) => {
  const host = await feedHost(FEED);
  try {
    await loginAsOwner(page, baseURL!);
    await page.goto("/admin");
    await page.getByLabel("Main RSS Feed URL").fill(host.url);
    await page.getByRole("button", { name: "Update RSS Settings" }).click();
    await expect(page.locator(".toast-root").getByText("Settings saved", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Refresh Content Feed" }).click();
    // The first sync of a feed asks whether its episodes go live at once.
    const question = page.getByRole("dialog", { name: "First sync of this feed" });
    await expect(question).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-first-sync-question-1280.png") });
    await question.getByRole("button", { name: "Keep them as drafts" }).click();
    const toast = page.locator(".toast-root");
    await expect(toast.getByText("Feed synced", { exact: true })).toBeVisible();
    await expect(toast).toContainText("3 new episodes");
    await expect(page.getByTestId("feed-last-sync")).not.toHaveText("Never");
    // The feed's three, and the seed's own drafts.
    const drafts = 3 + SEED.episodes.filter((e) => !e.isPublished).length;
    await expect(page.getByRole("region", { name: "Draft episodes" })).toContainText(`${drafts} episodes are drafts`);
    await expect(page.getByRole("button", { name: `Publish all ${drafts}` })).toBeVisible();
    // A second sync asks nothing.
    await page.getByRole("button", { name: "Refresh Content Feed" }).click();
    await expect(toast).toContainText("No new episodes");
    await expect(question).toBeHidden();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await page
        .getByRole("region", { name: "RSS Feed Management" })
        .screenshot({ path: path.join(ARTIFACTS, `admin-feed-sync-${width}.png`) });
    }

    await page.goto("/episodes");
    const list = page.getByRole("list", { name: "Episodes" });
    const third = list.getByRole("listitem", { name: "E2E Feed Third" });
    await expect(third.getByText("Draft")).toBeVisible();
    await expect(third.getByText("From feed")).toBeVisible();
    // Newest first: the third episode of the feed is the newest.
    const titles = await list.getByRole("listitem").evaluateAll((items) => items.map((i) => i.getAttribute("aria-label")));
    expect(titles.filter((t) => t?.startsWith("E2E Feed"))).toEqual(["E2E Feed Third", "E2E Feed Second", "E2E Feed First"]);
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-episodes-feed-1280.png"), fullPage: true });

    await third.getByRole("button", { name: "Edit: E2E Feed Third" }).click();
    await expect(page.getByRole("textbox", { name: "Show Notes" }).locator("p")).toHaveText("Notes of the third episode.");
    await page.getByRole("switch", { name: "Published" }).click();
    await page.getByRole("button", { name: "Update Episode" }).click();
    await expect(page.locator(".toast-root").getByText("Episode updated", { exact: true })).toBeVisible();

    await page.context().clearCookies();
    await page.goto("/");
    await expect(page.getByRole("article", { name: "E2E Feed Third" })).toBeVisible();
    await expect(page.getByRole("article", { name: "E2E Feed Second" })).toHaveCount(0);
  } finally {
    await host.close();
  }
});

test("when the feed cannot be read, then the owner is told why in the toast and on the card, and nothing is imported", async ({
  page,
  baseURL,
}) => {
  const host = await feedHost("<!DOCTYPE html><html><body>Not a feed</body></html>");
  try {
    await saveSettings(api, { rss_url: host.url });
    await loginAsOwner(page, baseURL!);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Refresh Content Feed" }).click();
    await page.getByRole("dialog", { name: "First sync of this feed" }).getByRole("button", { name: "Keep them as drafts" }).click();
    await expect(page.locator(".toast-root").getByText("Feed not synced", { exact: true })).toBeVisible();
    await expect(page.locator(".toast-root")).toContainText("does not hold a podcast feed");
    await expect(page.getByRole("region", { name: "RSS Feed Management" }).getByRole("alert")).toContainText(
      "does not hold a podcast feed",
    );
  } finally {
    await host.close();
  }
});
