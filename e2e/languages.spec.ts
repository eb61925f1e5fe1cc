import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi } from "./admin-api";
import { ADMIN_SCREENS, expect, expectPageSettled, test } from "./fixtures";
import { replacedNodes, watchHydration } from "./hydration-watch";
import { itemPagePaths } from "./seed";

// The site in the show's language (README "Languages"): with site_language set, every public page,
// the 404 and the admin area say the catalogue's words from the server's first byte, Arabic runs
// right to left without anything sticking out at 390 px, and English is back word for word after.

const here = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = path.join(here, "artifacts", "languages");
fs.mkdirSync(ARTIFACTS, { recursive: true });

type Catalogue = Record<string, string>;
const read = (tag: string, part: string) =>
  JSON.parse(fs.readFileSync(path.join(here, "..", "shared", "locales", tag, `${part}.json`), "utf8")) as Catalogue;
const VISITOR_PARTS = ["site", "site-player", "site-editors"];
const ADMIN_PARTS = [...VISITOR_PARTS, "validation", "admin", "admin-audience"];

/**
 * English words the page still shows although the site speaks `tag`: the English messages of the
 * catalogue (whole texts of two words or more, without placeholders) whose translation differs,
 * found in the page's text but not in the show's own content (titles and texts the owner wrote).
 */
function untranslated(text: string, tag: string, parts: string[], content: string): string[] {
  const found: string[] = [];
  for (const part of parts) {
    const english = read("en", part);
    const other = read(tag, part);
    for (const [key, message] of Object.entries(english)) {
      if (/[{<]/.test(message) || !message.includes(" ") || message.length < 8 || other[key] === message) continue;
      if (text.includes(message) && !content.includes(message)) found.push(`${key}: ${message}`);
    }
  }
  return found;
}

/** Everything the owner wrote that a page may show: the lists and the settings, as the API gives them. */
async function ownContent(api: APIRequestContext): Promise<string> {
  const bodies = await Promise.all(
    ["/api/episodes", "/api/clips", "/api/providers", "/api/settings", "/api/identity"].map(async (p) => (await api.get(p)).text()),
  );
  return bodies.join("\n");
}

const setLanguage = async (api: APIRequestContext, value: string) =>
  expect((await api.post("/api/settings", { data: { key: "site_language", value } })).status()).toBe(200);

/** The page's width fits the screen: nothing sticks out sideways (in either direction). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function publicPaths(baseURL: string): Promise<[string, string][]> {
  const { episode, clip } = await itemPagePaths(baseURL);
  return [
    ["home", "/"],
    ["about", "/about"],
    ["listen", "/listen"],
    ["editors", "/editors"],
    ["archive", "/archive"],
    ["episode", episode],
    ["clip", clip],
    ["not-found", "/no-such-page"],
  ];
}

for (const tag of ["de", "ar"] as const) {
  const dir = tag === "ar" ? "rtl" : "ltr";
  for (const width of [390, 1280]) {
    test(`when site_language is ${tag}, then at ${width} px every public page and the 404 come in ${tag} (${dir}) from the first byte, hydrate without a mismatch and fit the screen`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const api = await adminApi(baseURL!);
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 800 } });
      try {
        await setLanguage(api, tag);
        const content = await ownContent(api);
        for (const [name, pathname] of await publicPaths(baseURL!)) {
          const raw = await (await api.get(pathname)).text();
          expect(raw, `${pathname}: <html lang dir> from the server`).toContain(`<html lang="${tag}" dir="${dir}">`);
          const page = await context.newPage();
          const problems = await watchHydration(page);
          await page.goto(baseURL + pathname);
          await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
          await expect(page.locator("html")).toHaveAttribute("lang", tag);
          await expect(page.locator("html")).toHaveAttribute("dir", dir);
          await expectPageSettled(page);
          const { gone } = await replacedNodes(page);
          expect(gone, `${pathname}: the server's markup kept`).toEqual([]);
          expect(problems, `${pathname}: console`).toEqual([]);
          expect(untranslated(await page.locator("body").innerText(), tag, VISITOR_PARTS, content), `${pathname}: English left`).toEqual(
            [],
          );
          expect(await overflow(page), `${pathname}: sticks out sideways by`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: path.join(ARTIFACTS, `${tag}-${name}-${width}.png`), fullPage: true });
          await page.close();
        }
      } finally {
        await setLanguage(api, "");
        await api.dispose();
        await context.close();
      }
    });

    test(`when site_language is ${tag}, then at ${width} px the admin area's screens are in ${tag} (${dir})`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const api = await adminApi(baseURL!);
      const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 800 } });
      try {
        await setLanguage(api, tag);
        const content = await ownContent(api);
        await context.addCookies((await api.storageState()).cookies);
        const page = await context.newPage();
        for (const screen of ADMIN_SCREENS) {
          await page.goto(baseURL + screen.route);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expect(page.locator("html")).toHaveAttribute("dir", dir);
          await expectPageSettled(page);
          expect(untranslated(await page.locator("body").innerText(), tag, ADMIN_PARTS, content), `${screen.route}: English left`).toEqual(
            [],
          );
          expect(await overflow(page), `${screen.route}: sticks out sideways by`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: path.join(ARTIFACTS, `${tag}-${screen.name}-${width}.png`), fullPage: true });
        }
      } finally {
        await setLanguage(api, "");
        await api.dispose();
        await context.close();
      }
    });
  }
}

test("when the site is in German and the signed-in owner chooses Greek on the dashboard, then the admin area turns Greek at once and the public pages stay German", async ({
  page,
  baseURL,
}) => {
  const api = await adminApi(baseURL!);
  const de = { ...read("de", "site"), ...read("de", "admin") };
  const el = read("el", "site");
  try {
    await setLanguage(api, "de");
    await page.context().addCookies((await api.storageState()).cookies);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: de["route.admin"] })).toBeVisible();
    await page.getByLabel(de["myLanguage.label"]!).selectOption("el");
    await page.getByRole("button", { name: de["myLanguage.save"] }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "el");
    await expect(page.getByRole("heading", { level: 1, name: el["route.admin"] })).toBeVisible();
    await page.goto("/episodes");
    await expect(page.getByRole("heading", { level: 1, name: el["route.adminEpisodes"] })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${el["route.adminEpisodes"]} · `));
    await page.goto("/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page).toHaveTitle(new RegExp(`^${de["route.about"]} · `));
  } finally {
    await api.put("/api/languages/mine", { data: { language: null } });
    await setLanguage(api, "");
    await api.dispose();
  }
});

test("when the language goes back to English, then the spec's words are back word for word", async ({ page, baseURL }) => {
  const api = await adminApi(baseURL!);
  try {
    await setLanguage(api, "de");
    await setLanguage(api, "en");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("region", { name: "Latest Episodes" })).toBeVisible();
    await page.goto("/listen");
    await expect(page.getByRole("heading", { name: "Listen to Our Podcast" })).toBeVisible();
  } finally {
    await setLanguage(api, "");
    await api.dispose();
  }
});
