import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { adminApi } from "./admin-api";
import { expect, expectPageSettled, test } from "./fixtures";
import { SEED } from "./seed";

/**
 * docs/product.md "The owner's work": no admin form shows defaults (or the copy the page came with) while
 * its saved data is loading, so no save can write them over what is saved. Each form here is
 * opened with the request that fills it held back by the test, then let through or failed.
 */

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

type Match = (url: URL) => boolean;

/**
 * Holds back every GET the page makes that `match`es until the test lets them through or fails
 * them (a 500 with the API's JSON error). Other methods pass.
 */
async function holdBack(page: Page, match: Match) {
  let decide: (how: "release" | "fail") => void = () => {};
  const decided = new Promise<"release" | "fail">((resolve) => (decide = resolve));
  await page.route(match, async (route) => {
    if (route.request().method() !== "GET") return route.fallback();
    if ((await decided) === "release") return route.fallback();
    await route.fulfill({ status: 500, json: { message: "Something went wrong", code: "INTERNAL" } });
  });
  return {
    release: () => decide("release"),
    fail: () => decide("fail"),
    /** The requests after this one reach the server. */
    end: () => page.unroute(match),
  };
}

const pathIs =
  (pathname: string | RegExp): Match =>
  (url) =>
    typeof pathname === "string" ? url.pathname === pathname : pathname.test(url.pathname);

/** Opens `screen` with the GETs that `match`es held back (`holdBack`); answers the hold. */
async function openHeldBack(page: Page, screen: string, match: Match) {
  const held = await holdBack(page, match);
  await page.goto(screen);
  return held;
}

/** The request for all the settings, which the dashboard and the editors page are filled from. */
const isAllSettings = pathIs("/api/settings");

/** The page at a phone's width and a desktop's; a dialog (`fullPage` false) as the screen shows it. */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * A form's saved data held back by `held`: neither its save button(s) `save` nor its `field` is
 * offered; once let through, `field` shows the `saved` value.
 */
async function expectFieldOnlyOnceLoaded(held: Awaited<ReturnType<typeof holdBack>>, save: Locator, field: Locator, saved: string) {
  await expect(save).toHaveCount(0);
  await expect(field).toHaveCount(0);
  held.release();
  await expect(field).toHaveValue(saved);
}

/** A card of an admin screen, by its heading. */
const card = (page: Page, heading: string): Locator => page.getByRole("region", { name: heading });

let api: APIRequestContext;
test.beforeEach(async ({ page, baseURL }) => {
  api = await adminApi(baseURL!);
  await page.context().addCookies((await api.storageState()).cookies);
});
test.afterEach(async () => {
  await api.dispose();
});

test.describe("About page and pictures", () => {
  const SAVED = {
    title: "E2E Held About",
    intro: "Words the owner saved.",
    hosts: [{ name: "E2E Saved Host", role: "Host", bio: "A bio the owner wrote.", photo: null }],
  };
  test.beforeEach(async () => {
    expect((await api.put("/api/identity/about", { data: SAVED })).status()).toBe(200);
  });
  test.afterEach(async () => {
    await api.put("/api/identity/about", { data: { title: "", intro: "", hosts: SEED.hosts } });
  });

  test("when the About page's data is held back, then nothing can be saved until it arrives, and then the form shows the saved words", async ({
    page,
  }) => {
    const held = await openHeldBack(page, "/admin/about", pathIs("/api/identity"));
    const about = card(page, "About page");
    await expect(about.getByRole("status")).toHaveText("Loading...");
    await expect(card(page, "Pictures").getByRole("status")).toHaveText("Loading...");
    await expect(page.getByRole("button", { name: "Save About Page" })).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Upload / })).toHaveCount(0);
    await shoot(page, "admin-about-loading");

    held.release();
    await expect(about.getByLabel("Title")).toHaveValue(SAVED.title);
    await expect(about.getByLabel("Name")).toHaveValue("E2E Saved Host");
    await expect(about.getByLabel("Short bio")).toHaveValue("A bio the owner wrote.");
    await expect(page.getByRole("button", { name: "Save About Page" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Upload Desktop banner" })).toBeVisible();
  });

  test("when the About page's data cannot be loaded, then the form says so and offers no save, and Try again brings the saved words", async ({
    page,
  }) => {
    const held = await holdBack(page, pathIs("/api/identity"));
    held.fail();
    await page.goto("/admin/about");
    await expect(page.getByText("The About page could not be loaded.")).toBeVisible();
    await expect(page.getByText("The pictures could not be loaded.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save About Page" })).toHaveCount(0);
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Upload / })).toHaveCount(0);
    await shoot(page, "admin-about-failed");

    await held.end();
    await card(page, "About page").getByRole("button", { name: "Try again" }).click();
    await expect(card(page, "About page").getByLabel("Title")).toHaveValue(SAVED.title);
    await expect(page.getByRole("button", { name: "Save About Page" })).toBeEnabled();
  });
});

test.describe("RSS feed settings on the dashboard", () => {
  test("when the settings are held back, then Update RSS Settings is not offered until they arrive, and then the fields show the saved ones", async ({
    page,
  }) => {
    const held = await openHeldBack(page, "/admin", isAllSettings);
    const rss = card(page, "RSS Feed Management");
    await expect(rss.getByRole("status").first()).toHaveText("Loading...");
    const save = page.getByRole("button", { name: "Update RSS Settings" });
    await expectFieldOnlyOnceLoaded(held, save, rss.getByLabel("Feed Description"), SEED.settings.podcast_description!);
    await expect(save).toBeEnabled();
  });

  test("when the settings cannot be loaded, then the card says so and offers no empty fields to save", async ({ page }) => {
    const held = await holdBack(page, isAllSettings);
    held.fail();
    await page.goto("/admin");
    const rss = card(page, "RSS Feed Management");
    await expect(rss.getByText("The settings could not be loaded.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Update RSS Settings" })).toHaveCount(0);
    await expect(rss.getByLabel("Feed Description")).toHaveCount(0);
    await shoot(page, "admin-rss-failed");

    await held.end();
    await rss.getByRole("button", { name: "Try again" }).click();
    await expect(rss.getByLabel("Feed Description")).toHaveValue(SEED.settings.podcast_description!);
  });
});

test.describe("theme selector", () => {
  const isTheme = pathIs("/api/settings/site_theme");
  const open = async (page: Page) => {
    await page.goto("/admin");
    // The dashboard's cards have loaded (a card growing would move the button from under the click).
    await expectPageSettled(page);
    await page.getByRole("button", { name: "Change Site Theme" }).click();
    return page.getByRole("dialog", { name: "Theme Selector - Dramatic Gradients" });
  };

  test("when the saved theme is held back, then Apply Theme is not offered until it arrives, and then the saved theme is the one chosen", async ({
    page,
  }) => {
    const held = await holdBack(page, isTheme);
    const dialog = await open(page);
    await expect(dialog.getByRole("status")).toHaveText("Loading...");
    await expect(dialog.getByRole("button", { name: "Apply Theme" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { pressed: true })).toHaveCount(0);
    await shoot(page, "admin-theme-loading", false);

    held.release();
    await expect(dialog.getByRole("button", { name: "Deep Ocean" })).toHaveAttribute("aria-pressed", "true");
    await expect(dialog.getByRole("button", { name: "Apply Theme" })).toBeEnabled();
  });

  test("when the saved theme cannot be loaded, then the dialog says so, offers no Apply, and Cancel puts focus back", async ({ page }) => {
    const held = await holdBack(page, isTheme);
    held.fail();
    const dialog = await open(page);
    await expect(dialog.getByText("The saved theme could not be loaded.")).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Apply Theme" })).toHaveCount(0);
    await shoot(page, "admin-theme-failed", false);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Change Site Theme" })).toBeFocused();
    await expect(page.locator("body")).toHaveClass(/theme-deep-ocean/);
  });
});

test.describe("episode and clip edits", () => {
  for (const { screen, heading, noun, title, whole } of [
    {
      screen: "/episodes",
      heading: "Episode Management",
      noun: "Episode",
      title: SEED.episodes[0]!.title,
      whole: /^\/api\/episodes\/slug\//,
    },
    { screen: "/admin/clips", heading: "Clip Management", noun: "Clip", title: SEED.clips[0]!.title, whole: /^\/api\/clips\/slug\// },
  ]) {
    test(`when the ${noun.toLowerCase()} to edit is held back, then its edit offers no Update until it arrives, and then shows the saved one`, async ({
      page,
    }) => {
      const held = await openHeldBack(page, screen, pathIs(whole));
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await page.getByRole("button", { name: `Edit: ${title}` }).click();
      await expect(page.getByText(`Loading ${noun.toLowerCase()}...`)).toBeVisible();
      await expect(page.getByRole("button", { name: `Update ${noun}` })).toHaveCount(0);
      await expect(page.getByRole("button", { name: `Add ${noun}` })).toHaveCount(0);

      held.release();
      await expect(page.getByRole("heading", { name: `Edit ${noun}` })).toBeVisible();
      await expect(page.getByLabel(`${noun} Title`, { exact: true })).toHaveValue(title);
      await expect(page.getByRole("button", { name: `Update ${noun}` })).toBeEnabled();
    });
  }
});

test.describe("editors page", () => {
  test("when the editors page's settings are held back, then Save All Changes is not offered until they arrive, and then the fields show the saved ones", async ({
    page,
  }) => {
    const held = await openHeldBack(page, "/admin/editors", isAllSettings);
    await expect(page.getByRole("heading", { level: 1, name: "Editors Page Management" })).toBeVisible();
    await expect(page.getByText("Loading...").first()).toBeVisible();
    const save = page.getByRole("button", { name: "Save All Changes" });
    await expectFieldOnlyOnceLoaded(held, save, page.getByLabel("Bullet Point 1"), SEED.settings.editors_bullet_1!);
    await expect(save.first()).toBeEnabled();
  });

  test("when the editors page's settings cannot be loaded, then the page says so and offers no empty fields to save", async ({ page }) => {
    const held = await holdBack(page, isAllSettings);
    held.fail();
    await page.goto("/admin/editors");
    await expect(page.getByText("The editors page could not be loaded.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save All Changes" })).toHaveCount(0);
    await expect(page.getByLabel("Bullet Point 1")).toHaveCount(0);
  });
});

test.describe("an episode named by the address, and the feed's publish switch", () => {
  test("when the episode that /episodes?edit= names is held back or cannot be loaded, then no empty Add form is offered in its place", async ({
    page,
  }) => {
    const episodes = (await (await api.get("/api/episodes")).json()) as { slug: string; title: string }[];
    const named = episodes.find((e) => e.title === SEED.episodes[0]!.title)!;
    const held = await openHeldBack(page, `/episodes?edit=${named.slug}`, pathIs(`/api/episodes/slug/${named.slug}`));
    await expect(page.getByRole("heading", { level: 1, name: "Episode Management" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Episode" })).toHaveCount(0);
    held.fail();
    await expect(page.getByText("The episode could not be loaded.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add Episode" })).toHaveCount(0);
    await held.end();
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByLabel("Episode Title", { exact: true })).toHaveValue(named.title);
  });

  test("when the settings are held back, then the feed's publish switch cannot be pressed until the saved value shows", async ({
    page,
  }) => {
    const held = await openHeldBack(page, "/admin", isAllSettings);
    const toggle = page.getByRole("switch", { name: "Publish new episodes from the feed at once" });
    await expect(toggle).toBeDisabled();
    held.release();
    await expect(toggle).toBeEnabled();
  });
});
