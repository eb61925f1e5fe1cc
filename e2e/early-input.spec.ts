import type { Browser, Page } from "@playwright/test";
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

for (const width of [390, 1280]) {
  test(`when a visitor at ${width} px types an archive search before the scripts have arrived, then the text, the caret and the focus stay and the search runs once the app does`, async ({
    browser,
    baseURL,
  }) => {
    const { page, release } = await pageWithScriptsHeld(browser, width);
    await page.goto(`${baseURL}/archive`, { waitUntil: "commit" });
    const box = page.getByRole("searchbox", { name: "Search episodes" });
    await box.click();
    await page.keyboard.type("learning");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
    release();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await expect(box).toHaveValue("learning");
    await expect(box).toBeFocused();
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
    const { page, release } = await pageWithScriptsHeld(browser, width);
    await page.goto(`${baseURL}/editors`, { waitUntil: "commit" });
    const password = page.getByLabel("Password", { exact: true });
    await password.click();
    await page.keyboard.type("podedit42");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
    release();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await expect(password).toHaveValue("podedit42");
    await expect(password).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Access Granted" })).toBeVisible();
    await page.context().close();
  });
}
