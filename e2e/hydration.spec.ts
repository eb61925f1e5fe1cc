import { adminApi } from "./admin-api";
import { expect, test } from "./fixtures";
import { replacedNodes, watchHydration } from "./hydration-watch";
import { itemPagePaths, SEED } from "./seed";

/**
 * The browser takes over the server's markup as it is (hydration) instead of rendering it again:
 * every element the HTML brought is still in the document once the app runs, and React reports
 * no mismatch (a recoverable error, or a hydration warning, in the console).
 */

const WIDTHS = [
  { name: "phone", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "desktop", viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
] as const;

const THEMES = [
  { name: "the stored theme", value: null },
  { name: "a two-colour theme", value: JSON.stringify({ id: "two-color", startColor: "#f5f0e1", endColor: "#1a4d7a" }) },
] as const;

for (const width of WIDTHS) {
  for (const theme of THEMES) {
    test(`when a visitor on a ${width.name} opens each public page with ${theme.name}, then the browser keeps every node the server sent and reports no hydration mismatch`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const admin = await adminApi(baseURL!);
      const context = await browser.newContext({ viewport: width.viewport, isMobile: width.isMobile, hasTouch: width.hasTouch });
      try {
        if (theme.value)
          expect((await admin.post("/api/settings", { data: { key: "site_theme", value: theme.value } })).status()).toBe(200);
        const { episode, clip } = await itemPagePaths(baseURL!);
        const pages = [
          "/",
          "/about",
          "/listen",
          "/editors",
          "/archive",
          "/archive?q=pain",
          episode,
          clip,
          "/clips/no-such-clip",
          "/episode/no-such-episode",
          "/no-such-page",
        ];
        for (const path of pages) {
          const page = await context.newPage();
          const problems = await watchHydration(page);
          await page.goto(baseURL + path);
          await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
          const { total, gone } = await replacedNodes(page);
          expect(total, `${path}: the server sent markup`).toBeGreaterThan(10);
          expect(gone, `${path}: elements of the server's markup replaced`).toEqual([]);
          expect(problems, `${path}: console`).toEqual([]);
          await page.close();
        }
      } finally {
        if (theme.value) await admin.post("/api/settings", { data: { key: "site_theme", value: SEED.settings.site_theme } });
        await admin.dispose();
        await context.close();
      }
    });
  }
}

test("when a logged-in admin opens the home page (which then carries no lists), then it hydrates without a mismatch and fills the lists from the API", async ({
  page,
  baseURL,
  api,
}) => {
  const cookies = await api.storageState();
  await page.context().addCookies(cookies.cookies);
  const problems = await watchHydration(page);
  await page.goto(`${baseURL}/`);
  await expect(page.getByRole("heading", { name: SEED.clips[0]!.title })).toBeVisible();
  expect(problems).toEqual([]);
});
