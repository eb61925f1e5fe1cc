import type { Browser, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * A phone on a slow network shows the server's page seconds before its scripts arrive, and people
 * type into what they see. Here the page's JavaScript is held back until the visitor has typed,
 * as such a phone would hold it, then let through: what was typed stays, focus stays, and it
 * submits once the app runs.
 */
async function pageWithScriptsHeld(browser: Browser, width: number): Promise<{ page: Page; release: () => void }> {
  const context = await browser.newContext({ viewport: { width, height: 844 } });
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { page, release };
}

/**
 * Opens `path` with its scripts held and types `text` into the field `find` locates; then lets the
 * scripts through: once the app runs, the text and the focus are still there.
 */
async function typeBeforeTheApp(
  browser: Browser,
  width: number,
  path: string,
  find: (page: Page) => Locator,
  text: string,
): Promise<{ page: Page; field: Locator }> {
  const { page, release } = await pageWithScriptsHeld(browser, width);
  await page.goto(path, { waitUntil: "commit" });
  const field = find(page);
  await field.click();
  await page.keyboard.type(text);
  await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
  release();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  await expect(field).toHaveValue(text);
  await expect(field).toBeFocused();
  return { page, field };
}

for (const width of [390, 1280]) {
  test(`when a visitor at ${width} px types an archive search before the scripts have arrived, then the text, the caret and the focus stay and the search runs once the app does`, async ({
    browser,
    baseURL,
  }) => {
    const { page, field: box } = await typeBeforeTheApp(
      browser,
      width,
      `${baseURL}/archive`,
      (p) => p.getByRole("searchbox", { name: "Search episodes" }),
      "learning",
    );
    expect(await box.evaluate((el: HTMLInputElement) => el.selectionStart)).toBe("learning".length);
    // The app searches what was typed before it ran, as it does for what is typed after.
    await expect(page.getByRole("link", { name: /Why Learning Hurts/ })).toBeVisible();
    await expect(page.getByRole("link", { name: /Pain Is a Protector/ })).toHaveCount(0);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/archive\?q=learning$/);
    await page.context().close();
  });

  test(`when a candidate at ${width} px types the audition password before the scripts have arrived, then it stays and unlocks the page once the app runs`, async ({
    browser,
    baseURL,
  }) => {
    const { page } = await typeBeforeTheApp(
      browser,
      width,
      `${baseURL}/editors`,
      (p) => p.getByLabel("Password", { exact: true }),
      "podedit42",
    );
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Access Granted" })).toBeVisible();
    await page.context().close();
  });
}
