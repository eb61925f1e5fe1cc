import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN_LOGIN } from "./server-state";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

/** The admin's other spellings, the screen each leads to, and that screen's heading. */
const ADDRESSES = [
  { asked: "/admin/episodes", screen: "/episodes", heading: "Episode Management" },
  { asked: "/admin/providers", screen: "/providers", heading: "Podcast Providers" },
] as const;

async function logIn(page: Page, baseURL: string): Promise<void> {
  const login = await page.request.post("/api/auth/login", { data: ADMIN_LOGIN, headers: { Origin: baseURL } });
  expect(login.status()).toBe(200);
}

/** A navigation inside the app, as its own links make one (no page load). */
async function navigateInApp(page: Page, to: string): Promise<void> {
  await page.evaluate((address) => {
    window.history.pushState(null, "", address);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, to);
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 800 } });

    test("when the owner loads /admin/episodes or /admin/providers, then the screen at /episodes or /providers opens, and /admin/clips stays the clips screen", async ({
      page,
      baseURL,
    }) => {
      await logIn(page, baseURL!);
      for (const { asked, screen, heading } of ADDRESSES) {
        const response = await page.goto(asked);
        expect(response?.status(), asked).toBe(200);
        await expect(page).toHaveURL(new URL(screen, baseURL).href);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Page not found" })).toHaveCount(0);
      }
      await page.goto("/admin/clips");
      await expect(page).toHaveURL(new URL("/admin/clips", baseURL).href);
      await expect(page.getByRole("heading", { level: 1, name: "Clip Management" })).toBeVisible();
      await page.goto("/admin/episodes");
      await expect(page.getByRole("heading", { level: 1, name: "Episode Management" })).toBeVisible();
      await page.screenshot({ path: path.join(ARTIFACTS, `admin-addresses-episodes-${width}.png`), fullPage: true });
    });

    test("when the app itself goes to /admin/episodes or /admin/providers, then it lands on the screen at /episodes or /providers without a page load", async ({
      page,
      baseURL,
    }) => {
      await logIn(page, baseURL!);
      await page.goto("/admin");
      await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
      const loads: string[] = [];
      page.on("load", () => loads.push(page.url()));
      for (const { asked, screen, heading } of ADDRESSES) {
        await navigateInApp(page, asked);
        await expect(page).toHaveURL(new URL(screen, baseURL).href);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        // Back does not return to the other spelling (the redirect replaced it).
      }
      expect(loads).toEqual([]);
      await navigateInApp(page, "/admin/clips");
      await expect(page.getByRole("heading", { level: 1, name: "Clip Management" })).toBeVisible();
    });
  });
}
