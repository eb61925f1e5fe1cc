import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, createItem, removeE2EItems } from "./admin-api";
import { expect, expectPageSettled, test, waitsForAppOnGoto } from "./fixtures";
import { ADMIN_LOGIN } from "./server-state";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const PASSWORD = "the-cohost-password-2";

async function loginByApi(page: Page, baseURL: string, login: { email: string; password: string }): Promise<void> {
  const res = await page.request.post("/api/auth/login", { data: login, headers: { Origin: baseURL } });
  expect(res.status()).toBe(200);
}

let api: APIRequestContext;
test.beforeEach(async ({ baseURL }) => {
  api = await adminApi(baseURL!);
});
test.afterEach(async () => {
  await removeE2EItems(api);
  await api.dispose();
});

for (const width of [390, 1280]) {
  test(`when the owner invites a co-host at ${width} px, then they set a password, edit an episode in its form, see the feed's state but not its address, cannot reach the backup, and are refused once removed`, async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two browsers, a password hashed twice and a removal: longer than one page's test.
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const email = `cohost-${width}-${Date.now()}@example.com`;
    await loginByApi(page, baseURL!, ADMIN_LOGIN);
    await page.goto("/admin/people-with-access");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Role").selectOption("editor");
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const link = page.getByLabel(`Invitation link for ${email}`);
    await expect(link).toHaveValue(/\/welcome\//);
    const url = await link.inputValue();
    await expect(page.getByRole("list", { name: "Pending invitations" }).getByText(email)).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, `people-with-access-${width}.png`), fullPage: true });

    // The invited person, in a browser of their own.
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const cohost = waitsForAppOnGoto(await context.newPage());
    await cohost.goto(new URL(url).pathname);
    await cohost.getByLabel("Password", { exact: true }).fill("too-short");
    await cohost.getByLabel("Password, again").fill("too-short");
    await cohost.getByRole("button", { name: "Set password" }).click();
    await expect(cohost.getByRole("alert")).toHaveText("The password must be at least 12 characters long.");
    await cohost.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await cohost.getByLabel("Password, again").fill(PASSWORD);
    await cohost.getByRole("button", { name: "Set password" }).click();
    await expect(cohost.getByRole("heading", { name: "Your password is set" })).toBeVisible();
    await cohost.screenshot({ path: path.join(ARTIFACTS, `welcome-${width}.png`), fullPage: true });
    // The same link again says so in words.
    const again = waitsForAppOnGoto(await context.newPage());
    await again.goto(new URL(url).pathname);
    await again.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await again.getByLabel("Password, again").fill(PASSWORD);
    await again.getByRole("button", { name: "Set password" }).click();
    await expect(again.getByText("This invitation link has been used or has expired.", { exact: false })).toBeVisible();

    await loginByApi(cohost, baseURL!, { email, password: PASSWORD });
    const episode = await createItem<{ id: number; slug: string }>(api, "episodes", {
      title: `E2E co-host ${width}`,
      spotifyEmbedUrl: `https://open.spotify.com/embed/episode/${"b".repeat(22)}`,
    });
    // The co-host edits it in the episode form, as the owner would.
    const refused: string[] = [];
    cohost.on("response", (res) => {
      if (res.status() === 403) refused.push(res.url());
    });
    await cohost.goto("/episodes");
    await cohost.getByRole("button", { name: `Edit: E2E co-host ${width}` }).click();
    const title = cohost.getByRole("textbox", { name: "Episode Title" });
    await expect(title).toHaveValue(`E2E co-host ${width}`);
    await title.fill(`E2E co-host ${width}, edited`);
    await title.press("Enter");
    await expect(cohost.locator(".toast-root").getByText("Episode updated", { exact: true })).toBeVisible();
    expect((await api.get(`/api/episodes/slug/${episode.slug}`).then((r) => r.json())).title).toBe(`E2E co-host ${width}, edited`);
    await expect(cohost.getByRole("listitem", { name: `E2E co-host ${width}, edited` }).getByText(`Edited by ${email}`)).toBeVisible();
    await cohost.screenshot({ path: path.join(ARTIFACTS, `people-edited-by-${width}.png`), fullPage: true });
    await cohost.goto("/admin");
    await expect(cohost.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
    await expect(cohost.getByRole("link", { name: "Download backup" })).toHaveCount(0);
    await expect(cohost.getByRole("link", { name: "People with access" })).toHaveCount(0);
    // The feed's state, without what decides its address, and nothing asked of an owner's route.
    const feed = cohost.getByRole("region", { name: "Feed sync" });
    await expect(feed.getByText("Last sync")).toBeVisible();
    await expect(feed.getByText("Publish new episodes from the feed at once")).toBeVisible();
    await expect(cohost.getByRole("textbox", { name: "Main RSS Feed URL" })).toHaveCount(0);
    // Every request the dashboard makes has been answered before the refusals are counted.
    await expectPageSettled(cohost);
    await cohost.waitForLoadState("networkidle");
    expect(refused).toEqual([]);
    await cohost.screenshot({ path: path.join(ARTIFACTS, `people-editor-dashboard-${width}.png`), fullPage: true });
    expect((await cohost.request.get("/api/backup")).status()).toBe(403);

    // The owner removes them; their next request is refused.
    await page.goto("/admin/people-with-access");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: `Remove ${email}` }).click();
    await expect(page.getByRole("list", { name: "People with access" }).getByText(email)).toHaveCount(0);
    expect((await cohost.request.get("/api/auth/me")).status()).toBe(401);
    await context.close();
  });
}
