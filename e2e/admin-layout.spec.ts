import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, createItem, removeE2EItems } from "./admin-api";
import { ADMIN_SCREENS, expect, recordRequests, test } from "./fixtures";
import { ADMIN_LOGIN } from "./server-state";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

const LONG_TITLE =
  `E2E ${"A very long episode title that goes on and on about pain, learning and the body ".repeat(2)}Supercalifragilisticexpialidociouslyunbreakablewordwithoutanyspaces`.slice(
    0,
    200,
  );
const LONG_URL = `https://example.com/${"a-very-long-path-segment/".repeat(30)}feed.xml`;

async function login(page: Page, baseURL: string): Promise<void> {
  const res = await page.request.post("/api/auth/login", {
    data: ADMIN_LOGIN,
    headers: { Origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

test.describe("admin screens with long content", () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ baseURL }) => {
    api = await adminApi(baseURL!);
    await createItem(api, "episodes", {
      title: LONG_TITLE,
      spotifyEmbedUrl: "https://open.spotify.com/embed/episode/eeeeeeeeeeeeeeeeeeeeee",
      description: LONG_TITLE,
    });
    await createItem(api, "providers", { name: `E2E ${"Provider".repeat(12)}`, url: LONG_URL, icon: "spotify" });
    await createItem(api, "clips", {
      title: LONG_TITLE,
      youtubeEmbedUrl: "https://www.youtube.com/embed/fffffffffff",
      description: LONG_TITLE,
    });
  });
  test.afterAll(async () => {
    await removeE2EItems(api);
    await api.dispose();
  });

  for (const width of [390, 1280]) {
    for (const screen of ADMIN_SCREENS) {
      test(`when ${screen.route} holds long titles and URLs at ${width} px, then nothing is wider than the screen`, async ({
        page,
        baseURL,
      }) => {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
        await recordRequests(page, baseURL!);
        await login(page, baseURL!);
        await page.goto(screen.route);
        await expect(page.getByRole("heading", { level: 1, name: screen.ready })).toBeVisible();
        if (screen.lists) await expect(page.getByText(/E2E /).first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: path.join(ARTIFACTS, `${screen.name}-long-${width}.png`), fullPage: true });
      });
    }
  }

  for (const route of ["/episodes", "/admin/clips"]) {
    test(`when ${route} lists a long title on a phone, then the title gets the row's width and the buttons go under it`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await recordRequests(page, baseURL!);
      await login(page, baseURL!);
      await page.goto(route);
      const row = page.getByRole("listitem", { name: LONG_TITLE });
      const title = row.getByText(LONG_TITLE, { exact: true }).first();
      await expect(title).toBeVisible();
      const [rowBox, titleBox, editBox] = [
        await row.boundingBox(),
        await title.boundingBox(),
        await row.getByRole("button", { name: /^Edit/ }).boundingBox(),
      ];
      expect(titleBox!.width).toBeGreaterThan(rowBox!.width * 0.8);
      expect(editBox!.y).toBeGreaterThan(titleBox!.y + titleBox!.height - 1);
    });
  }

  test("when the provider list is on a desktop, then the name and the URL each get room to be read", async ({ page, baseURL }) => {
    await recordRequests(page, baseURL!);
    await login(page, baseURL!);
    await page.goto("/providers");
    const row = page.getByRole("list", { name: "Current Providers" }).getByRole("listitem", { name: /^E2E Provider/ });
    const url = row.getByText(LONG_URL);
    await expect(url).toBeVisible();
    expect((await url.boundingBox())!.width).toBeGreaterThan(300);
    expect((await row.getByText(/^E2E Provider/).boundingBox())!.width).toBeGreaterThan(300);
    // The URL is cut with an ellipsis, and its whole text is there on hover.
    await expect(url).toHaveAttribute("title", LONG_URL);
    await expect(url).toHaveCSS("text-overflow", "ellipsis");
  });
});
