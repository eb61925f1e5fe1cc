import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, createItem, removeE2EItems } from "./admin-api";
import { expect, expectAppReady, recordRequests, test } from "./fixtures";

// An episode's address and search fields are the owner's (issue 38): the slug and the meta
// description in the episode form with a live preview of the search result; a renamed page's old
// address leads to the new one; the dashboard dates each episode by its own date.

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

let api: APIRequestContext;
test.beforeEach(async ({ page, baseURL }) => {
  api = await adminApi(baseURL!);
  await recordRequests(page, baseURL!);
});
test.afterEach(async () => {
  await removeE2EItems(api);
  await api.dispose();
});

async function asOwner(page: Page) {
  await page.context().addCookies((await api.storageState()).cookies);
}

async function openAtWidth(page: Page, width: number, address: string) {
  await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
  await page.goto(address);
  await expectAppReady(page);
}

for (const width of [390, 1280]) {
  test(`when the owner changes an episode's slug and meta description at ${width} px, then the preview follows, a taken slug is said on the field, and a visitor at the old address lands on the new page`, async ({
    page,
    browser,
    baseURL,
  }) => {
    const episode = await createItem<{ id: number; slug: string }>(api, "episodes", {
      title: `E2E Knees On Stairs ${width}`,
      audioUrl: "https://cdn.example/knees.mp3",
      description: "A long talk.",
    });
    await createItem(api, "episodes", { title: `E2E Taken ${width}`, slug: `e2e-taken-${width}`, audioUrl: "https://cdn.example/t.mp3" });
    await asOwner(page);
    await openAtWidth(page, width, `/episodes?edit=${episode.slug}`);
    await expect(page.getByRole("heading", { name: "Edit Episode" })).toBeVisible();

    const preview = page.getByRole("figure", { name: "Search result preview" });
    const slug = page.getByRole("textbox", { name: "URL Slug" });
    const meta = page.getByRole("textbox", { name: /^Meta Description/ });
    await expect(slug).toHaveValue(episode.slug);
    await expect(preview.locator('[data-part="url"]')).toHaveText(`${baseURL}/episode/${episode.slug}`);
    await expect(preview.locator('[data-part="description"]')).toHaveText("A long talk.");

    // A slug another episode has: the server's 409, on the field.
    await slug.fill(`e2e-taken-${width}`);
    await page.getByRole("button", { name: "Update Episode" }).click();
    await expect(page.getByText("is already used by another episode")).toBeVisible();
    await expect(slug).toHaveAttribute("aria-invalid", "true");
    await expect(slug).toBeFocused();

    // Typed key by key, the preview follows each key.
    const newSlug = `e2e-knees-${width}`;
    await slug.fill("");
    await slug.pressSequentially(newSlug);
    await expect(preview.locator('[data-part="url"]')).toHaveText(`${baseURL}/episode/${newSlug}`);
    const words = "Why knees ache on stairs, and the three exercises a physiotherapist gives first. ".repeat(2).trim();
    await meta.pressSequentially(words.slice(0, 40));
    await expect(preview.locator('[data-part="description"]')).toHaveText(words.slice(0, 40).trim());
    await meta.fill(words.slice(0, 160));
    await expect(page.getByText("160/160")).toBeVisible();
    await expect(preview.locator('[data-part="description"]')).toHaveText(words.slice(0, 160).trim());
    await preview.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, `episode-addresses-form-${width}.png`), fullPage: false });

    await page.getByRole("button", { name: "Update Episode" }).click();
    await expect(page.locator(".toast-root").getByText("Episode updated", { exact: true })).toBeVisible();

    const visitor = await browser.newContext({ viewport: { width, height: 844 } });
    const tab = await visitor.newPage();
    const res = await tab.goto(`${baseURL}/episode/${episode.slug}`);
    expect(res?.status()).toBe(200);
    expect(res?.request().redirectedFrom()?.url()).toBe(`${baseURL}/episode/${episode.slug}`);
    await expect(tab).toHaveURL(`${baseURL}/episode/${newSlug}`);
    await expect(tab.getByRole("heading", { level: 1, name: `E2E Knees On Stairs ${width}` })).toBeVisible();
    await expect(tab.locator('meta[name="description"]')).toHaveAttribute("content", words.slice(0, 160).trim());
    await expect(tab.locator('meta[property="og:description"]')).toHaveAttribute("content", words.slice(0, 160).trim());
    await visitor.close();
  });

  test(`when the dashboard lists episodes at ${width} px, then each shows its own publication date, and one without a date says so`, async ({
    page,
  }) => {
    await createItem(api, "episodes", {
      title: `E2E Dated ${width}`,
      audioUrl: "https://cdn.example/dated.mp3",
      publishedAt: "2021-03-14T12:00:00.000Z",
      sortOrder: 0,
    });
    await createItem(api, "episodes", { title: `E2E Undated ${width}`, audioUrl: "https://cdn.example/undated.mp3", sortOrder: 0 });
    await asOwner(page);
    await openAtWidth(page, width, "/admin");
    const list = page.getByRole("list", { name: "Episodes" });
    const dated = list.getByRole("listitem").filter({ hasText: `E2E Dated ${width}` });
    const day = await page.evaluate(() => new Date("2021-03-14T12:00:00.000Z").toLocaleDateString("en-GB"));
    const today = await page.evaluate(() => new Date().toLocaleDateString("en-GB"));
    await expect(dated).toContainText(`Order: 0 | ${day}`);
    await expect(dated).not.toContainText(today);
    await expect(list.getByRole("listitem").filter({ hasText: `E2E Undated ${width}` })).toContainText("Order: 0 | No date");
    await dated.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, `episode-addresses-dashboard-${width}.png`), fullPage: false });

    // The episodes screen says the same day.
    await page.goto("/episodes");
    await expect(page.getByRole("listitem").filter({ hasText: `E2E Dated ${width}` })).toContainText(day);
  });
}
