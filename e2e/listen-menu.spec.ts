import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { createItem } from "./admin-api";
import { expect, recordRequests, test } from "./fixtures";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

/** Four more platforms: six in all, one with a long name. */
const MORE_PROVIDERS = [
  { name: "E2E Apple Podcasts", icon: "fab fa-apple" },
  { name: "E2E YouTube Music", icon: "youtube-music" },
  { name: "E2E Pocket Casts, the long-named listening app for every phone and tablet", icon: "fa-pocket-casts" },
  { name: "E2E RSS", icon: "fas fa-rss" },
];

async function addProviders(api: APIRequestContext): Promise<void> {
  for (const [i, p] of MORE_PROVIDERS.entries()) {
    await createItem(api, "providers", { ...p, url: `https://example.com/e2e-${i}`, sortOrder: String(10 + i) });
  }
}

async function openListenMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Listen" }).click();
  await expect(page.getByRole("menu", { name: "Podcast providers" })).toBeVisible();
}

test.describe("the Listen menu", () => {
  for (const width of [1280, 390]) {
    test(`when six providers are listed at ${width} px, then every one in the menu is on screen and can be tapped`, async ({
      page,
      baseURL,
      api,
    }) => {
      await addProviders(api);
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
      await recordRequests(page, baseURL!);
      await page.goto("/");
      await openListenMenu(page);
      const items = page.getByRole("menu", { name: "Podcast providers" }).getByRole("menuitem");
      await expect(items).toHaveCount(6);
      await page.screenshot({ path: path.join(ARTIFACTS, `listen-menu-${width}.png`) });
      for (const item of await items.all()) {
        await item.scrollIntoViewIfNeeded();
        await expect(item).toBeInViewport({ ratio: 1 });
        // Nothing (the banner's edge, the page below) covers it: a tap would reach it.
        await item.click({ trial: true });
      }
      const box = (await page.getByRole("menu").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    });
  }

  test("when the screen is too short for the providers, then the menu scrolls inside itself and stays on screen", async ({
    page,
    baseURL,
    api,
  }) => {
    await addProviders(api);
    await page.setViewportSize({ width: 390, height: 320 });
    await recordRequests(page, baseURL!);
    await page.goto("/");
    await openListenMenu(page);
    const menu = page.getByRole("menu", { name: "Podcast providers" });
    const box = (await menu.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(320);
    expect(await menu.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    const last = menu.getByRole("menuitem").last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
    await last.click({ trial: true });
  });

  test("when providers have icon class names, then each shows its platform's icon (an unknown name the podcast icon) in the menu and on Listen", async ({
    page,
    baseURL,
    api,
  }) => {
    await addProviders(api);
    await createItem(api, "providers", {
      name: "E2E Unknown Platform",
      icon: "fab fa-not-a-platform",
      url: "https://example.com/e2e-unknown",
      sortOrder: "20",
    });
    await recordRequests(page, baseURL!);
    const expected = [
      ["Alpha Audio", "spotify"],
      ["Zeta Casts", "podcast"],
      ["E2E Apple Podcasts", "apple-podcasts"],
      ["E2E YouTube Music", "youtube-music"],
      ["E2E Pocket Casts", "pocket-casts"],
      ["E2E RSS", "rss"],
      ["E2E Unknown Platform", "podcast"], // a name no icon answers to: the generic podcast icon
    ];
    await page.goto("/listen");
    const grid = page.getByRole("list", { name: "Podcast providers" });
    for (const [name, icon] of expected) {
      const link = grid.getByRole("link", { name: new RegExp(name!) });
      await expect(link.locator(`[data-icon="${icon}"] svg path`)).toHaveCount(1);
      await expect(link).not.toContainText(/fa-/);
    }
    await page.screenshot({ path: path.join(ARTIFACTS, "listen-icons-1280.png"), fullPage: true });
    await page.goto("/");
    await openListenMenu(page);
    for (const [name, icon] of expected) {
      await expect(page.getByRole("menuitem", { name: new RegExp(name!) }).locator(`[data-icon="${icon}"] svg`)).toBeVisible();
    }
  });
});

test.describe("the Listen menu by keyboard", () => {
  test("when a keyboard user opens Listen, then the first provider takes focus, arrows move, and Escape gives focus back", async ({
    page,
  }) => {
    await page.goto("/");
    const listen = page.getByRole("button", { name: "Listen" });
    await listen.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: /Alpha Audio/ })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: /Zeta Casts/ })).toBeFocused();
    await expect(page.getByRole("menuitem", { name: /Zeta Casts/ })).toHaveAttribute("target", "_blank");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(listen).toBeFocused();
  });

  test("when a keyboard user presses Tab in the open menu, then it closes and focus goes on past Listen, as from the button; Shift+Tab goes back to Listen", async ({
    page,
  }) => {
    await page.goto("/");
    const listen = page.getByRole("button", { name: "Listen" });
    const menu = page.getByRole("menu", { name: "Podcast providers" });
    await listen.focus();
    await expect(page.locator("#listen-menu-trigger")).toHaveAttribute("data-state", "closed");
    // Where Tab goes from the button when no menu is open.
    await page.keyboard.press("Tab");
    await page.evaluate(() => ((document.activeElement as HTMLElement).dataset.afterListen = ""));
    const afterListen = page.locator("[data-after-listen]");
    await expect(afterListen).toBeFocused();

    await listen.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitem", { name: /Alpha Audio/ })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu).toHaveCount(0);
    await expect(afterListen).toBeFocused();
    await expect(listen).toHaveAttribute("aria-expanded", "false");
    // Tab after Tab, focus goes on through the page and never back into a menu.
    for (let i = 0; i < 4; i++) {
      const before = await page.evaluate(() => document.activeElement?.outerHTML);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.outerHTML)).not.toBe(before);
      await expect(menu).toHaveCount(0);
    }

    await listen.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: /Zeta Casts/ })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(menu).toHaveCount(0);
    await expect(listen).toBeFocused();
  });

  test("when the login shortcut is typed on the Listen button, then only the menu opens, not the login dialog", async ({ page }) => {
    await page.goto("/");
    const listen = page.getByRole("button", { name: "Listen" });
    await listen.focus();
    for (const key of ["ArrowUp", "ArrowUp", "ArrowDown", "ArrowDown"]) await page.keyboard.press(key);
    await expect(page.getByRole("menu", { name: "Podcast providers" })).toBeVisible();
    await expect(page.locator("[role=menuitem]:focus")).toHaveCount(1);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(listen).toBeFocused();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("when the login shortcut opens the dialog and Escape closes it, then focus returns to what had it", async ({ page }) => {
    await page.goto("/");
    const about = page.getByRole("link", { name: "About", exact: true });
    await about.focus();
    for (const key of ["ArrowUp", "ArrowUp", "ArrowDown", "ArrowDown"]) await page.keyboard.press(key);
    await expect(page.getByRole("dialog", { name: "Admin Login" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(about).toBeFocused();
  });

  test("when the pointer rests on Listen, then the menu opens in order and closes after the pointer leaves", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Listen" }).hover();
    const items = page.getByRole("menu", { name: "Podcast providers" }).getByRole("menuitem");
    await expect(items).toHaveText([/Alpha Audio/, /Zeta Casts/]);
    await expect(items.first()).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("button", { name: "Listen" })).toHaveAttribute("aria-expanded", "true");
    // Moving from the button onto the menu keeps it open.
    await items.last().hover();
    await expect(items.last()).toBeVisible();
    await page.mouse.move(5, 700);
    await expect(page.getByRole("menu")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Listen" })).toHaveAttribute("aria-expanded", "false");
  });
});
