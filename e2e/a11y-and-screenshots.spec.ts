import path from "node:path";
import { request } from "@playwright/test";
import { expect, expectPageSettled, PUBLIC_ROUTES, recordRequests, seriousAxeFindings, test } from "./fixtures";
import { SEED } from "./seed";
import { ADMIN_LOGIN } from "./server-state";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

const ARTIFACTS = path.join(here, "artifacts");
const ALL_PUBLIC = [...PUBLIC_ROUTES, "/clips/no-such-clip", "/no/such/page"];

function fileName(route: string): string {
  return route === "/" ? "home" : route.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 800 } });

    for (const route of ALL_PUBLIC) {
      test(`when axe scans ${route}, then it finds no serious or critical violation`, async ({ page, baseURL }) => {
        await recordRequests(page, baseURL!);
        await page.goto(route);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectPageSettled(page);
        // The page as axe saw it, for people to look at (e2e/artifacts).
        await page.screenshot({ path: path.join(ARTIFACTS, `${fileName(route)}-${width}.png`), fullPage: true });
        expect(await seriousAxeFindings(page)).toEqual([]);
      });
    }
  });
}

const THEMES = {
  "medical-clean": "medical-clean",
  "fire-orange": "fire-orange",
  "two-color-light": JSON.stringify({ id: "two-color", startColor: "#fff7e6", endColor: "#ffd166" }),
  custom: JSON.stringify({ id: "custom", hue: 160, saturation: 60, lightDark: 12, saturationLight: 70, lightBright: 65 }),
};

for (const [name, value] of Object.entries(THEMES)) {
  test(`when the site theme is ${name}, then the home page has no serious axe violation`, async ({ page, baseURL }) => {
    await recordRequests(page, baseURL!);
    // The theme is set for real, as the admin would, and the server paints it into the page.
    const admin = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
    await admin.post("/api/auth/login", { data: ADMIN_LOGIN });
    await admin.post("/api/settings", { data: { key: "site_theme", value } });
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      await expect(page.locator("body")).toHaveClass(new RegExp(`theme-${name.replace("-light", "")}`));
      await expect(page.getByRole("region", { name: "Latest Episodes" }).getByRole("article").first()).toBeVisible();
      await expectPageSettled(page);
      expect(await seriousAxeFindings(page, ["wcag2a", "wcag2aa"])).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, `theme-${name}-390.png`), fullPage: true });
    } finally {
      await admin.post("/api/settings", { data: { key: "site_theme", value: SEED.settings.site_theme } });
      await admin.dispose();
    }
  });
}
