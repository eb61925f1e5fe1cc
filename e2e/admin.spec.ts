import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, Locator, Page } from "@playwright/test";
import { adminApi, removeE2EItems, saveSettings } from "./admin-api";
import { serveFilledReport } from "./analytics-report";
import {
  ADMIN_SCREENS,
  axeFindings,
  expect,
  expectAppReady,
  expectPageSettled,
  recordRequests,
  test,
  waitsForAppOnGoto,
  type AxeImpact,
} from "./fixtures";
import { SEED } from "./seed";
import { ADMIN_EMAIL, ADMIN_LOGIN, ADMIN_PASSWORD } from "./server-state";

const here = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = path.join(here, "artifacts");
const MODERATE_OR_WORSE: AxeImpact[] = ["moderate", "serious", "critical"];
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

/** Logs the page's browser context in through the API (the login dialog has tests of its own). */
async function loginByApi(page: Page, baseURL: string): Promise<void> {
  const res = await page.request.post("/api/auth/login", {
    data: ADMIN_LOGIN,
    headers: { Origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

/** Puts settings back through the API, so the public-site tests keep their seed. */
async function restoreSettings(baseURL: string, settings: Record<string, string>): Promise<void> {
  const api = await adminApi(baseURL);
  await saveSettings(api, settings);
  await api.dispose();
}

/** A second, logged-out browser context: what a visitor sees. */
async function visitor(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = waitsForAppOnGoto(await context.newPage());
  await recordRequests(page, baseURL);
  return page;
}

async function expectToast(page: Page, title: string, text: string): Promise<void> {
  // The toast region sits outside an open modal dialog, which hides it from the accessibility tree
  // (screen readers still hear Radix's live announcement), so it is found by its class here.
  const region = page.locator(".toast-root");
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  await expect(region.getByText(text, { exact: true })).toBeVisible();
}

/** The admin, logged in through the API, on the screen at `route` once its heading shows. */
async function openAsAdmin(page: Page, baseURL: string, route: string, heading: string): Promise<void> {
  await loginByApi(page, baseURL);
  await page.goto(route);
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
}

/** As the visitor, the items `find` locates on the page at `path`, once the first of them shows. */
async function shownItems(visit: Page, path: string, find: (page: Page) => Locator): Promise<Locator> {
  await visit.goto(path);
  const items = find(visit);
  await expect(items.first()).toBeVisible();
  return items;
}

/** Opens `title` from its admin list in the form, once the form's heading reads `heading`. */
async function editListed(page: Page, title: string, heading: string): Promise<void> {
  await page.getByRole("button", { name: `Edit: ${title}` }).click();
  await expect(page.getByRole("heading", { name: heading })).toBeVisible();
}

/** Deletes `title` from its admin list, answering yes to the browser's `question`, and waits for the toast. */
async function deleteListed(page: Page, title: string, question: string, toast: [title: string, text: string]): Promise<void> {
  page.once("dialog", (d) => {
    expect(d.message()).toBe(question);
    void d.accept();
  });
  await page.getByRole("button", { name: `Delete: ${title}` }).click();
  await expectToast(page, ...toast);
}

async function fillLogin(page: Page, password: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Admin Login" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(ADMIN_EMAIL);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Login" }).click();
}

test.describe("login and logout", () => {
  test("when a visitor logs in through the dialog, then the dashboard shows, and logging out goes home", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await expect(page.getByText("Please login to access the admin dashboard.")).toBeVisible();
    await page.getByRole("button", { name: "Login as Admin" }).click();
    await fillLogin(page, ADMIN_PASSWORD);
    await expectToast(page, "Login successful", "Welcome to the admin dashboard");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Manage podcast settings and content")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.getByRole("button", { name: "Logout" }).click();
    await expectToast(page, "Logged out", "You have been logged out successfully");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    // Fields were cleared after the successful login.
    await page.getByRole("button", { name: "Login as Admin" }).click();
    await expect(page.getByRole("dialog").getByLabel("Email")).toHaveValue("");
  });

  test("when ArrowUp ArrowUp ArrowDown ArrowDown is pressed on the home page, then the login dialog loads and logs in", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (req) => req.resourceType() === "script" && scripts.push(req.url()));
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Latest Episodes" })).toBeVisible();
    await expectAppReady(page);
    expect(scripts.some((s) => s.includes("admin"))).toBe(false);
    for (const key of ["ArrowUp", "ArrowUp", "ArrowDown", "ArrowDown"]) await page.keyboard.press(key);
    await fillLogin(page, ADMIN_PASSWORD);
    await expectToast(page, "Login successful", "Welcome to the admin dashboard");
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("when the password is wrong, then the failure toast shows and the dialog stays open", async ({ page }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Login as Admin" }).click();
    await fillLogin(page, "not-the-password");
    await expectToast(page, "Login failed", "Invalid credentials or access denied");
    await expect(page.getByRole("dialog", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByText("Admin Access Required")).toBeVisible();
  });

  for (const route of ["/providers", "/episodes", "/admin/clips", "/admin/editors"]) {
    test(`when a visitor opens ${route}, then they are sent to /`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { name: "Latest Episodes" })).toBeVisible();
    });
  }
});

test.describe("dashboard", () => {
  test.beforeEach(async ({ page, baseURL }) => openAsAdmin(page, baseURL!, "/admin", "Admin Dashboard"));

  test("when the admin updates the RSS settings, then the form was filled from storage and visitors see the change", async ({
    page,
    browser,
    baseURL,
  }) => {
    await expect(page.getByLabel("Feed Description")).toHaveValue(SEED.settings.podcast_description!);
    await expect(page.getByLabel("Footer Content")).toHaveValue(SEED.settings.footer_content!);
    await expect(page.getByText("This footer will appear on all pages. HTML is supported.")).toBeVisible();
    await expect(page.getByText("Current Episodes: 4")).toBeVisible();
    await expect(page.getByText(/^Order: 0 \| /)).toBeVisible();
    try {
      await page.getByLabel("Feed Title").fill("The Admin's New Title");
      await page.getByLabel("Footer Content").fill("<p>Footer set by the admin</p>");
      await page.getByRole("button", { name: "Update RSS Settings" }).click();
      await expectToast(page, "Settings saved", "Your settings have been updated successfully");
      const visit = await visitor(browser, baseURL!);
      await visit.goto("/about");
      await expect(visit.getByRole("contentinfo")).toContainText("Footer set by the admin");
      await visit.goto("/");
      await expect(visit).toHaveTitle("The Admin's New Title");
      await visit.context().close();
    } finally {
      await restoreSettings(baseURL!, { podcast_title: "", footer_content: SEED.settings.footer_content! });
    }
  });

  test("when the admin previews, cancels and then applies a theme, then only the applied one reaches a new visitor", async ({
    page,
    browser,
    baseURL,
  }) => {
    const body = page.locator("body");
    await expect(body).toHaveClass(/theme-deep-ocean/);
    try {
      await page.getByRole("button", { name: "Change Site Theme" }).click();
      const dialog = page.getByRole("dialog", { name: "Theme Selector - Dramatic Gradients" });
      await expect(
        dialog.getByRole("button", {
          name: /^(Medical Clean|Deep Ocean|Forest Depth|Sage Wisdom|Warm Terra|Fire Orange|Electric Blue|Neon Green|Royal Purple|Crimson Red)$/,
        }),
      ).toHaveCount(10);
      await dialog.getByRole("button", { name: "Fire Orange" }).click();
      await expect(body).toHaveClass(/theme-fire-orange/);
      await expect(body).not.toHaveClass(/theme-deep-ocean/);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(body).toHaveClass(/theme-deep-ocean/);

      await page.getByRole("button", { name: "Change Site Theme" }).click();
      const hue = dialog.getByLabel("Hue");
      await expect(hue).toHaveAttribute("min", "0");
      await expect(hue).toHaveAttribute("max", "360");
      await expect(dialog.getByLabel("Saturation (dark end)")).toHaveAttribute("step", "5");
      await expect(dialog.getByLabel("Lightness (dark end)")).toHaveAttribute("max", "50");
      await expect(dialog.getByLabel("Lightness (bright end)")).toHaveAttribute("min", "20");
      await hue.fill("120");
      await expect(body).toHaveClass(/theme-custom/);
      await dialog.getByRole("button", { name: "Use two-colour gradient" }).click();
      await expect(body).toHaveClass(/theme-two-color/);
      await expect(dialog.getByLabel("Start colour")).toHaveValue("#1a0a0a");
      await expect(dialog.getByLabel("End colour")).toHaveValue("#ff6b35");
      expect(await body.evaluate((el) => el.style.getPropertyValue("--bg-end"))).toBe("#ff6b35");
      await page.screenshot({ path: path.join(ARTIFACTS, "admin-theme-selector-1280.png") });

      await dialog.getByRole("button", { name: "Royal Purple" }).click();
      await dialog.getByRole("button", { name: "Apply Theme" }).click();
      await expectToast(page, "Theme saved", "New theme applied for all visitors");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(body).toHaveClass(/theme-royal-purple/);

      const visit = await visitor(browser, baseURL!);
      await visit.goto("/listen");
      await expect(visit.locator("body")).toHaveClass(/theme-royal-purple/);
      const adminVars = await body.evaluate((el) => [el.style.getPropertyValue("--bg-start"), el.style.getPropertyValue("--fg")]);
      const visitorVars = await visit
        .locator("body")
        .evaluate((el) => [
          getComputedStyle(el).getPropertyValue("--bg-start").trim(),
          getComputedStyle(el).getPropertyValue("--fg").trim(),
        ]);
      expect(visitorVars).toEqual(adminVars);
      await visit.context().close();
    } finally {
      await restoreSettings(baseURL!, { site_theme: SEED.settings.site_theme! });
    }
  });
});

test.describe("management screens", () => {
  // Whatever a failed test left behind is removed, so the public-site tests keep their seed.
  test.afterEach(async ({ baseURL }) => {
    const api = await adminApi(baseURL!);
    await removeE2EItems(api);
    await api.dispose();
  });

  test("when the admin adds, edits, reorders and deletes episodes, then visitors see each change", async ({ page, browser, baseURL }) => {
    await openAsAdmin(page, baseURL!, "/episodes", "Add New Episode");
    const visit = await visitor(browser, baseURL!);
    const publicTitles = async () =>
      (await shownItems(visit, "/", (v) => v.getByRole("region", { name: "Latest Episodes" }).getByRole("article"))).evaluateAll((els) =>
        els.map((el) => el.getAttribute("aria-label") ?? el.textContent ?? ""),
      );

    for (const [title, id] of [
      ["E2E Episode Alpha", "aaaaaaaaaaaaaaaaaaaaaa"],
      ["E2E Episode Beta", "bbbbbbbbbbbbbbbbbbbbbb"],
    ] as const) {
      await page.getByLabel("Episode Title").fill(`  ${title}  `);
      await page.getByLabel("Spotify Embed URL").fill(`https://open.spotify.com/embed/episode/${id}`);
      await page.getByLabel("Description (Optional)").fill("Added in a browser test.");
      await expect(page.getByRole("switch", { name: "Published" })).toHaveAttribute("aria-checked", "true");
      await page.getByRole("button", { name: "Add Episode" }).click();
      await expectToast(page, "Episode added", "The episode has been added successfully");
      await expect(page.getByLabel("Episode Title")).toHaveValue("");
    }
    const list = page.getByRole("list", { name: "Episodes" });
    await expect(list.getByRole("listitem")).toHaveCount(6);
    await expect(list.getByRole("listitem").last()).toHaveAccessibleName("E2E Episode Beta");
    await expect(page.getByRole("button", { name: "Move down: E2E Episode Beta" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move up: Secret Draft Episode" })).toBeDisabled();
    expect((await publicTitles()).slice(-2)).toEqual(["E2E Episode Alpha", "E2E Episode Beta"]);
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-episodes-1280.png"), fullPage: true });

    await page.getByRole("button", { name: "Move up: E2E Episode Beta" }).click();
    await expect(list.getByRole("listitem").last()).toHaveAccessibleName("E2E Episode Alpha");
    expect((await publicTitles()).slice(-2)).toEqual(["E2E Episode Beta", "E2E Episode Alpha"]);

    await editListed(page, "E2E Episode Alpha", "Edit Episode");
    await expect(page.getByLabel("Episode Title")).toBeFocused();
    await page.getByLabel("Episode Title").fill("E2E Episode Alpha (draft now)");
    await page.getByRole("switch", { name: "Published" }).click();
    await page.getByRole("button", { name: "Update Episode" }).click();
    await expectToast(page, "Episode updated", "The episode has been updated successfully");
    await expect(page.getByRole("heading", { name: "Add New Episode" })).toBeVisible();
    await expect(list.getByRole("listitem", { name: "E2E Episode Alpha (draft now)" }).getByText("Draft", { exact: true })).toBeVisible();
    const titles = await publicTitles();
    expect(titles).toContain("E2E Episode Beta");
    expect(titles.join("|")).not.toContain("E2E Episode Alpha");

    for (const title of ["E2E Episode Alpha (draft now)", "E2E Episode Beta"])
      await deleteListed(page, title, "Are you sure you want to delete this episode?", [
        "Episode deleted",
        "The episode has been deleted successfully",
      ]);
    await expect(list.getByRole("listitem")).toHaveCount(4);
    expect(await publicTitles()).toEqual([
      "Episode One: Pain Is a Protector",
      "Episode Two: Why Learning Hurts",
      "Episode Ten: Ten Things About Pain",
    ]);
    await visit.context().close();
  });

  test("when the admin adds, edits, reorders and deletes clips, then visitors see each change", async ({ page, browser, baseURL }) => {
    await openAsAdmin(page, baseURL!, "/admin/clips", "Add New Clip");
    const visit = await visitor(browser, baseURL!);
    const publicClips = async () =>
      (await shownItems(visit, "/", (v) => v.getByRole("region", { name: "Watch Clips" }).getByRole("article"))).evaluateAll((els) =>
        els.map((el) => el.getAttribute("aria-label") ?? ""),
      );

    await page.getByLabel("Clip Title").fill("E2E Clip: Moving Hurts?");
    await page.getByLabel("YouTube Embed URL").fill("https://youtu.be/dQw4w9WgXcQ");
    await page.getByLabel("YouTube Embed URL").blur();
    await expect(page.getByLabel("YouTube Embed URL")).toHaveValue("https://www.youtube.com/embed/dQw4w9WgXcQ");
    await page.getByLabel("Key Quote").fill("Motion is lotion.");
    await expect(page.getByText("17/200")).toBeVisible();
    await page.getByLabel("Meta Description").fill("A clip about movement.");
    await expect(page.getByText("22/160")).toBeVisible();
    await page.getByLabel("Article Content").fill("Host: Movement helps.");
    await page.getByRole("button", { name: "Add Clip" }).click();
    await expectToast(page, "Clip added", "The clip has been added successfully");

    await page.getByLabel("Clip Title").fill("E2E Second Clip");
    await page.getByLabel("YouTube Embed URL").fill("https://www.youtube.com/watch?v=eeeeeeeeeee&t=4");
    await page.getByLabel("YouTube Embed URL").blur();
    await expect(page.getByLabel("YouTube Embed URL")).toHaveValue("https://www.youtube.com/embed/eeeeeeeeeee?start=4");
    await page.getByRole("button", { name: "Add Clip" }).click();
    await expectToast(page, "Clip added", "The clip has been added successfully");

    const list = page.getByRole("list", { name: "Existing Clips" });
    await expect(list.getByRole("listitem")).toHaveCount(5);
    await expect(list.getByRole("listitem", { name: "E2E Clip: Moving Hurts?" })).toContainText("/clips/e2e-clip-moving-hurts");
    await expect(list.getByRole("listitem", { name: "Hidden Draft Clip" }).getByText("Draft", { exact: true })).toBeVisible();
    expect((await publicClips()).slice(-2)).toEqual(["E2E Clip: Moving Hurts?", "E2E Second Clip"]);
    await visit.goto("/clips/e2e-clip-moving-hurts");
    await expect(visit.getByRole("heading", { level: 1, name: "E2E Clip: Moving Hurts?" })).toBeVisible();
    await expect(visit.getByText("“Motion is lotion.”").first()).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-clips-1280.png"), fullPage: true });

    await page.getByRole("button", { name: "Move down: E2E Clip: Moving Hurts?" }).click();
    await expect(list.getByRole("listitem").last()).toHaveAccessibleName("E2E Clip: Moving Hurts?");
    expect((await publicClips()).slice(-2)).toEqual(["E2E Second Clip", "E2E Clip: Moving Hurts?"]);

    await editListed(page, "E2E Second Clip", "Edit Clip");
    await page.getByLabel("Description", { exact: true }).fill("Edited description");
    await page.getByRole("button", { name: "Update Clip" }).click();
    await expectToast(page, "Clip updated", "The clip has been updated successfully");
    await visit.goto("/");
    await expect(visit.getByRole("article", { name: "E2E Second Clip" })).toContainText("Edited description");

    for (const title of ["E2E Clip: Moving Hurts?", "E2E Second Clip"])
      await deleteListed(page, title, "Are you sure you want to delete this clip? Its article is deleted with it.", [
        "Clip deleted",
        "The clip has been deleted successfully",
      ]);
    await expect(list.getByRole("listitem")).toHaveCount(3);
    expect(await publicClips()).toEqual(["Learning Differently", "Why Pain Is a Protector"]);
    await visit.context().close();
  });

  test("when the admin adds a provider with an uploaded icon, edits, reorders and deletes it, then Listen follows", async ({
    page,
    browser,
    baseURL,
  }) => {
    await openAsAdmin(page, baseURL!, "/providers", "Podcast Providers");
    await expect(page.getByText("Manage podcast platform links and providers")).toBeVisible();
    const visit = await visitor(browser, baseURL!);
    const publicProviders = async () =>
      (await shownItems(visit, "/listen", (v) => v.getByRole("list", { name: "Podcast providers" }).getByRole("link"))).allInnerTexts();

    // Without an icon nothing happens (docs/product.md §5).
    await page.getByLabel("Name").fill("E2E Pods");
    await page.getByLabel("URL", { exact: true }).fill("https://example.com/e2e");
    await page.getByRole("button", { name: "Add Provider" }).click();
    await expect(page.getByRole("list", { name: "Current Providers" }).getByRole("listitem")).toHaveCount(2);

    await page.getByRole("button", { name: "Upload Icon" }).click();
    const upload = page.getByRole("dialog", { name: "Upload Provider Icon" });
    await expect(upload).toBeVisible();
    await upload.locator("input[type=file]").first().setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
    await upload.getByRole("button", { name: /Upload 1 file/ }).click();
    // The dialog closes by itself once the icon has arrived.
    await expect(upload).toBeHidden();
    await expectToast(page, "Icon uploaded", "The provider icon has been uploaded successfully");
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-provider-upload-1280.png") });
    await expect(page.getByLabel("Icon", { exact: true })).toHaveValue(/\/api\/objects\/uploads\//);
    await page.getByRole("button", { name: "Add Provider" }).click();
    await expectToast(page, "Provider added", "The provider has been added successfully");
    const list = page.getByRole("list", { name: "Current Providers" });
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(list.getByRole("listitem", { name: "E2E Pods" }).locator("img")).toHaveAttribute("src", /^\/objects\//);
    expect(await publicProviders()).toEqual(["Alpha Audio", "Zeta Casts", "E2E Pods"].map((n) => expect.stringContaining(n)));
    await expect(visit.getByRole("link", { name: /E2E Pods/ }).locator("img")).toHaveAttribute("src", /^\/objects\//);
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-providers-1280.png"), fullPage: true });

    await page.getByRole("button", { name: "Move up: E2E Pods" }).click();
    await expect(list.getByRole("listitem").nth(1)).toHaveAccessibleName("E2E Pods");
    expect(await publicProviders()).toEqual(["Alpha Audio", "E2E Pods", "Zeta Casts"].map((n) => expect.stringContaining(n)));
    await page.getByRole("button", { name: "Move down: E2E Pods" }).click();
    await expect(list.getByRole("listitem").last()).toHaveAccessibleName("E2E Pods");

    await editListed(page, "E2E Pods", "Edit Provider");
    await page.getByLabel("Name").fill("E2E Pods Renamed");
    await page.getByRole("button", { name: "Update Provider" }).click();
    await expectToast(page, "Provider updated", "The provider has been updated successfully");
    expect((await publicProviders()).at(-1)).toContain("E2E Pods Renamed");

    await deleteListed(page, "E2E Pods Renamed", "Are you sure you want to delete this provider?", [
      "Provider deleted",
      "The provider has been removed successfully",
    ]);
    await expect(list.getByRole("listitem")).toHaveCount(2);
    expect(await publicProviders()).toEqual(["Alpha Audio", "Zeta Casts"].map((n) => expect.stringContaining(n)));
    await visit.context().close();
  });

  test("when the admin saves the editors page, then visitors see it, the new password works and the log shows the code", async ({
    page,
    browser,
    baseURL,
  }) => {
    await openAsAdmin(page, baseURL!, "/admin/editors", "Editors Page Management");
    await expect(page.getByLabel("Bullet Point 1")).toHaveValue(SEED.settings.editors_bullet_1!);
    await expect(page.getByTestId("password-status")).toHaveText("An access password is set.");
    await expect(page.getByLabel("Access Password")).toHaveAttribute("type", "password");
    await expect(page.getByLabel("Access Password")).toHaveValue("");
    try {
      await page.getByLabel("Bullet Point 2").fill("Removing every long pause");
      await page.getByLabel("Access Password").fill("newcode");
      await page.getByRole("button", { name: "Save All Changes" }).first().click();
      await expectToast(page, "Success", "All editors page content has been updated");
      await expect(page.getByLabel("Access Password")).toHaveValue("");

      const visit = await visitor(browser, baseURL!);
      await visit.goto("/editors");
      await expect(visit.getByText("Removing every long pause")).toBeVisible();
      await visit.getByLabel("Password", { exact: true }).fill("newcode7");
      await visit.getByRole("button", { name: "Access Files" }).click();
      await expect(visit.getByRole("heading", { name: "Access Granted" })).toBeVisible();
      await visit.context().close();

      await page.getByRole("button", { name: "Refresh log" }).click();
      const table = page.getByRole("table");
      await expect(table.getByRole("cell", { name: "Candidate 7", exact: true }).first()).toBeVisible();
      // The code that worked names the candidate by their number alone: its secret prefix is never shown or kept.
      await expect(page.getByText("newcode")).toHaveCount(0);
      await page.screenshot({ path: path.join(ARTIFACTS, "admin-editors-1280.png"), fullPage: true });
    } finally {
      await restoreSettings(baseURL!, { editors_bullet_2: "", editors_password: SEED.settings.editors_password! });
    }
  });
});

test.describe("admin accessibility at a phone's and a desktop's width, and screenshots", () => {
  for (const width of [390, 1280]) {
    for (const screen of ADMIN_SCREENS) {
      const form = "editing" in screen ? `, and with its first item open in the form,` : "";
      test(`when axe scans ${screen.route} as the owner at ${width} px${form} then it finds nothing moderate, serious or critical`, async ({
        page,
        baseURL,
      }) => {
        // axe reads a long page (the analytics' tables, a list and its form) for seconds on a busy machine.
        test.setTimeout(60_000);
        await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
        await recordRequests(page, baseURL!);
        // The analytics screen shows its tables only with figures in them.
        await serveFilledReport(page);
        await loginByApi(page, baseURL!);
        await page.goto(screen.route);
        await expect(page.getByRole("heading", { level: 1, name: screen.ready })).toBeVisible();
        await expectPageSettled(page);
        await page.screenshot({ path: path.join(ARTIFACTS, `${screen.name}-${width}.png`), fullPage: true });
        // What a screen folds away (the analytics' figures by day) is scanned unfolded.
        for (const summary of await page.locator("details:not([open]) > summary").all()) await summary.click();
        expect(await axeFindings(page, { impacts: MODERATE_OR_WORSE })).toEqual([]);
        if ("editing" in screen) {
          await page
            .getByRole("button", { name: /^Edit: / })
            .first()
            .click();
          await expect(page.getByRole("heading", { name: screen.editing })).toBeVisible();
          await expectPageSettled(page);
          expect(await axeFindings(page, { impacts: MODERATE_OR_WORSE })).toEqual([]);
        }
      });
    }
  }

  test("when axe scans the open login dialog, the access prompt and the theme selector, then it finds nothing moderate, serious or critical", async ({
    page,
    baseURL,
  }) => {
    await recordRequests(page, baseURL!);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Login as Admin" }).click();
    await expect(page.getByRole("dialog", { name: "Admin Login" })).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-login-dialog-1280.png") });
    const check = async () => expect(await axeFindings(page, { impacts: MODERATE_OR_WORSE })).toEqual([]);
    await check();
    // Focus stays inside the dialog.
    for (let i = 0; i < 5; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
    await page.keyboard.press("Escape");
    await openAsAdmin(page, baseURL!, "/admin", "Admin Dashboard");
    await page.getByRole("button", { name: "Change Site Theme" }).click();
    await expect(page.getByRole("dialog", { name: "Theme Selector - Dramatic Gradients" })).toBeVisible();
    await check();
    await page.getByRole("button", { name: "Cancel" }).click();
  });
});
