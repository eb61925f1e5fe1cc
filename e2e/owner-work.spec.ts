import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, createItem, removeE2EItems, saveSettings } from "./admin-api";
import { expect, test } from "./fixtures";
import { feedHost } from "./loopback-host";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

/** A podcast host on loopback serving a feed of `count` items. */
function bulkFeedHost(count: number): Promise<{ url: string; close: () => Promise<void> }> {
  const items = Array.from(
    { length: count },
    (_, i) =>
      `<item><title>E2E Bulk ${i + 1}</title><guid>e2e-bulk-${i + 1}</guid><pubDate>${new Date(Date.UTC(2015, 0, 1) + i * 86_400_000).toUTCString()}</pubDate>` +
      `<enclosure url="https://cdn.example/bulk-${i + 1}.mp3" length="1000" type="audio/mpeg"/></item>`,
  );
  const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title>E2E Bulk Show</title>${items.join("")}</channel></rss>`;
  return feedHost(xml);
}

let api: APIRequestContext;
test.beforeEach(async ({ baseURL }) => {
  api = await adminApi(baseURL!);
});
test.afterEach(async () => {
  await saveSettings(api, { rss_url: "", feed_auto_publish: "false", podcast_title: "" });
  await removeE2EItems(api);
  await api.dispose();
});

async function asOwner(page: Page) {
  await page.context().addCookies((await api.storageState()).cookies);
}

for (const width of [390, 1280]) {
  test(`when 500 drafts from the feed are selected by 'Select all' and published at ${width} px, then one confirmation and one toast publish them all`, async ({
    page,
  }) => {
    const host = await bulkFeedHost(500);
    try {
      await saveSettings(api, { rss_url: host.url, feed_auto_publish: "false" });
      expect((await api.post("/api/feed/sync", { data: {} })).status()).toBe(200);
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      await asOwner(page);
      await page.goto("/episodes");
      const list = page.getByRole("list", { name: "Episodes" });
      await page.getByLabel("Search episodes").fill("E2E Bulk");
      await expect(page.getByRole("button", { name: "Select all 500 that match" })).toBeVisible();
      await page.getByLabel("State").selectOption("draft");
      await expect(list.getByRole("listitem")).toHaveCount(50);
      await page.getByRole("button", { name: "Select all 500 that match" }).click();
      await expect(page.getByRole("group", { name: "Selected episodes" }).getByRole("status")).toHaveText("500 episodes selected");
      await page.screenshot({ path: path.join(ARTIFACTS, `admin-episodes-bulk-${width}.png`), fullPage: false });
      const questions: string[] = [];
      page.on("dialog", (dialog) => {
        questions.push(dialog.message());
        void dialog.accept();
      });
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.locator(".toast-root").getByText("500 episodes published", { exact: true })).toBeVisible();
      expect(questions).toEqual([]);
      const visitorList = (await (await page.request.get("/api/episodes/archive?q=bulk")).json()) as { total: number };
      expect(visitorList.total).toBe(500);
      await expect(list.getByRole("listitem")).toHaveCount(0);
      await page.getByLabel("State").selectOption("published");
      await expect(list.getByRole("listitem")).toHaveCount(50);
      // Deleting asks once, with the count.
      await list.getByRole("checkbox", { name: "Select: E2E Bulk 500" }).check();
      await list.getByRole("checkbox", { name: "Select: E2E Bulk 499" }).check();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.locator(".toast-root").getByText("2 episodes deleted", { exact: true })).toBeVisible();
      expect(questions).toEqual([
        "Delete 2 episodes? Episodes from the feed stay deleted: later syncs do not bring them back, unless you restore them under 'Deleted feed episodes'.",
      ]);
      await expect(page.getByRole("list", { name: "Deleted feed episodes" }).getByRole("listitem")).toHaveCount(2);
    } finally {
      await host.close();
    }
  });
}

test("when a form holds unsaved words, then leaving by a link, by Back or by reload asks first, and staying keeps them", async ({
  page,
}) => {
  await asOwner(page);
  await page.goto("/admin/clips");
  await page.getByLabel("Clip Title").fill("E2E words not saved");
  const questions: string[] = [];
  let answer = false;
  page.on("dialog", (dialog) => {
    questions.push(`${dialog.type()}: ${dialog.message()}`);
    void (answer ? dialog.accept() : dialog.dismiss());
  });
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/clips$/);
  await expect(page.getByLabel("Clip Title")).toHaveValue("E2E words not saved");
  expect(questions).toEqual(["confirm: You have changes that are not saved. Leave without saving them?"]);

  // Back (the browser's own: a history step, as the button does).
  await page.evaluate(() => history.back());
  await expect.poll(() => questions.length).toBe(2);
  await expect(page).toHaveURL(/\/admin\/clips$/);
  await expect(page.getByLabel("Clip Title")).toHaveValue("E2E words not saved");
  expect(questions).toHaveLength(2);

  // Reload, declined: the page and its words stay.
  await page.evaluate(() => location.reload());
  await expect.poll(() => questions.at(-1) ?? "").toMatch(/^beforeunload: /);
  await expect(page.getByLabel("Clip Title")).toHaveValue("E2E words not saved");

  answer = true;
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("when every admin form holds a change, then each asks before a link takes the owner away; a saved one asks nothing", async ({
  page,
}) => {
  await asOwner(page);
  const forms: [string, (p: Page) => Promise<void>][] = [
    ["/providers", (p) => p.getByLabel("Name").fill("E2E Unsaved")],
    ["/episodes", (p) => p.getByLabel("Episode Title").fill("E2E Unsaved")],
    ["/admin/clips", (p) => p.getByLabel("Clip Title").fill("E2E Unsaved")],
    ["/admin/editors", (p) => p.getByLabel("Bullet Point 3").fill("E2E Unsaved")],
    ["/admin/about", (p) => p.getByLabel("Introduction").fill("E2E Unsaved")],
    ["/admin", (p) => p.getByLabel("Feed Title").fill("E2E Unsaved")],
  ];
  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    // Stay when asked by a link; leave when the test itself moves on to the next screen (beforeunload).
    if (dialog.type() === "beforeunload") return void dialog.accept();
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  for (const [route, change] of forms) {
    await page.goto(route);
    await change(page);
    const before = questions.length;
    await page.getByRole("link", { name: route === "/admin" ? "View Site" : "Back to Dashboard" }).click();
    await expect(page, route).toHaveURL(new RegExp(`${route.replace("/", "\\/")}$`));
    expect(questions.length, route).toBe(before + 1);
  }
  // After a save, nothing is unsaved: leaving asks nothing.
  await page.goto("/admin/editors");
  await page.getByLabel("Bullet Point 3").fill("E2E saved bullet");
  await page.getByRole("button", { name: "Save All Changes" }).first().click();
  await expect(page.locator(".toast-root").getByText("Success", { exact: true })).toBeVisible();
  const before = questions.length;
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(questions.length).toBe(before);
  await saveSettings(api, { editors_bullet_3: "" });
});

test("when the About page is edited in two tabs, then the second save is refused in words, keeps its words, and can replace the first", async ({
  page,
  context,
}) => {
  await asOwner(page);
  // What the other tests expect of the About page is put back afterwards (without the version, which moves on).
  const { version: _version, ...original } = ((await (await api.get("/api/identity")).json()) as { about: Record<string, unknown> }).about;
  const other = await context.newPage();
  await page.goto("/admin/about");
  await other.goto("/admin/about");
  await page.getByLabel("Introduction").fill("E2E written in the first tab");
  await page.getByRole("button", { name: "Save About Page" }).click();
  await expect(page.locator(".toast-root").getByText("About page saved", { exact: true })).toBeVisible();

  await other.getByLabel("Introduction").fill("E2E written in the second tab");
  await other.getByRole("button", { name: "Save About Page" }).click();
  const conflict = other.getByRole("alert").filter({ hasText: "changed somewhere else" });
  await expect(conflict).toContainText("This About page was changed somewhere else after you opened it");
  await expect(other.getByLabel("Introduction")).toHaveValue("E2E written in the second tab");
  for (const width of [390, 1280]) {
    await other.setViewportSize({ width, height: width < 768 ? 844 : 900 });
    await other.screenshot({ path: path.join(ARTIFACTS, `admin-about-conflict-${width}.png`), fullPage: true });
  }
  expect(((await (await api.get("/api/identity")).json()) as { about: { intro: string } }).about.intro).toBe(
    "E2E written in the first tab",
  );
  await conflict.getByRole("button", { name: "Save mine over it" }).click();
  await expect(other.locator(".toast-root").getByText("About page saved", { exact: true })).toBeVisible();
  expect(((await (await api.get("/api/identity")).json()) as { about: { intro: string } }).about.intro).toBe(
    "E2E written in the second tab",
  );
  await other.close();
  expect((await api.put("/api/identity/about", { data: original })).status()).toBe(200);
});

test("when an episode is edited in two tabs, then loading the other version shows what the first tab saved", async ({ page, context }) => {
  const episode = await createItem<{ id: number; slug: string }>(api, "episodes", {
    title: "E2E Two Tabs",
    audioUrl: "https://cdn.example/two.mp3",
  });
  await asOwner(page);
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto(`/episodes?edit=${episode.slug}`);
    await expect(tab.getByLabel("Episode Title")).toHaveValue("E2E Two Tabs");
  }
  await page.getByLabel("Description (Optional)").fill("First tab");
  await page.getByRole("button", { name: "Update Episode" }).click();
  await expect(page.locator(".toast-root").getByText("Episode updated", { exact: true })).toBeVisible();
  await other.getByLabel("Description (Optional)").fill("Second tab");
  await other.getByRole("button", { name: "Update Episode" }).click();
  await other.getByRole("button", { name: "Load the other version" }).click();
  await expect(other.getByLabel("Description (Optional)")).toHaveValue("First tab");
  await other.close();
});

test("when a clip's Delete is pressed, then it asks first; declined, the clip stays", async ({ page }) => {
  await createItem(api, "clips", {
    title: "E2E Clip To Keep",
    youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
    content: "E2E article",
  });
  await asOwner(page);
  await page.goto("/admin/clips");
  const questions: string[] = [];
  page.on("dialog", (dialog) => {
    questions.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole("button", { name: "Delete: E2E Clip To Keep" }).click();
  expect(questions).toEqual(["Are you sure you want to delete this clip? Its article is deleted with it."]);
  await expect(page.getByRole("listitem", { name: "E2E Clip To Keep" })).toBeVisible();
});

test("when 'Apply Theme' is pressed twice at once, then the theme is saved once", async ({ page }) => {
  await asOwner(page);
  await page.goto("/admin");
  const posts: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && req.url().endsWith("/api/settings")) posts.push(req.postData() ?? "");
  });
  await page.getByRole("button", { name: "Change Site Theme" }).click();
  const apply = page.getByRole("button", { name: "Apply Theme" });
  await apply.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page.locator(".toast-root").getByText("Theme saved", { exact: true })).toBeVisible();
  expect(posts).toHaveLength(1);
});

test("when the dashboard's Edit is pressed on an episode, then the episodes screen opens with that episode in the form", async ({
  page,
}) => {
  await createItem(api, "episodes", { title: "E2E Opened From The Dashboard", audioUrl: "https://cdn.example/open.mp3" });
  await asOwner(page);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Edit E2E Opened From The Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Edit Episode" })).toBeVisible();
  await expect(page.getByLabel("Episode Title")).toHaveValue("E2E Opened From The Dashboard");
});
