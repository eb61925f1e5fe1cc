import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { createItem, saveSettings } from "./admin-api";
import { ADMIN_SCREENS, expect, expectAppReady, expectPageSettled, PUBLIC_ROUTES, recordRequests, test } from "./fixtures";
import { SEED } from "./seed";
import { ADMIN_LOGIN } from "./server-state";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

async function unlockAudition(page: Page): Promise<void> {
  await page.goto("/editors");
  await expectAppReady(page);
  await page.getByLabel("Password", { exact: true }).fill("podedit7");
  await page.getByRole("button", { name: "Access Files" }).click();
  await expect(page.getByRole("heading", { name: "Access Granted" })).toBeVisible();
}

test.describe("audition file", () => {
  test.afterEach(async ({ api }) => {
    await saveSettings(api, { editors_file_1_url: SEED.settings.editors_file_1_url!, editors_file_2_url: "" });
  });

  for (const [what, url] of [
    ["empty", ""],
    ["the placeholder", "GOOGLE_DRIVE_LINK_1"],
  ] as const) {
    test(`when file 1's address is ${what}, then only file 1 shows, its button disabled, never file 2`, async ({ page, api }) => {
      await saveSettings(api, { editors_file_1_url: url, editors_file_2_url: "https://drive.example.com/file-two" });
      await unlockAudition(page);
      const button = page.getByRole("button", { name: "Audition Files Folder (All Files)" });
      await expect(button).toBeDisabled();
      await expect(page.getByRole("link", { name: /Audition Files/ })).toHaveCount(0);
      expect(await page.content()).not.toContain("file-two");
    });
  }
});

test.describe("clip page", () => {
  test("when the link is copied, then 'Link copied!' can be closed, and otherwise goes after 5,000 ms", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.clock.install();
    await page.goto("/clips/why-pain-is-a-protector");
    const share = page.getByRole("group", { name: "Share this clip" });
    const notice = page.getByRole("status").filter({ hasText: "Link copied!" });
    await share.getByRole("button", { name: "Copy Link" }).click();
    await expect(notice).toBeVisible();
    await notice.getByRole("button", { name: "Close" }).click();
    await expect(page.getByText("Link copied!")).toHaveCount(0);

    await share.getByRole("button", { name: /Copy Link|Copied!/ }).click();
    await expect(page.getByText("Link copied!")).toBeVisible();
    // The page's clock also runs on by itself while the test waits for the notice (a few hundred
    // milliseconds at most): checked well before 5,000 ms, and gone just after.
    await page.clock.runFor(4_400);
    await expect(page.getByText("Link copied!")).toBeVisible();
    await page.clock.runFor(800);
    await expect(page.getByText("Link copied!")).toHaveCount(0);
  });

  test("when the admin's video has start and end, then the player keeps them and logs no unknown feature", async ({
    page,
    baseURL,
    api,
  }) => {
    const warnings: string[] = [];
    page.on("console", (m) => /Unrecognized feature/i.test(m.text()) && warnings.push(m.text()));
    await createItem(api, "clips", {
      title: "E2E Starts late",
      slug: "e2e-starts-late",
      youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&end=95&mute=1",
      isPublished: true,
    });
    await recordRequests(page, baseURL!);
    await page.goto("/clips/e2e-starts-late");
    await page.getByRole("button", { name: "Play video: E2E Starts late" }).click();
    const iframe = page.locator("iframe");
    await expect(iframe).toHaveAttribute("src", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&end=95&autoplay=1&rel=0");
    expect(await iframe.getAttribute("allow")).not.toContain("web-share");
    expect(warnings).toEqual([]);
  });

  test("when the slug is unknown, then 'Clip Not Found' shows without asking the API again", async ({ page }) => {
    const asked: string[] = [];
    page.on("request", (r) => r.url().includes("/api/clips") && asked.push(r.url()));
    const res = await page.goto("/clips/no-such-clip");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Clip Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Home" })).toBeVisible();
    expect(asked).toEqual([]);
  });
});

test.describe("episode player", () => {
  test("when the visitor presses play on an episode, then the Spotify player is asked to start, so one press plays", async ({
    page,
    baseURL,
  }) => {
    await recordRequests(page, baseURL!);
    // A stand-in for Spotify's player: says it is ready, as the real one does, and shows what it was told.
    await page.route("https://open.spotify.com/embed/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: `<!doctype html><body><script>addEventListener("message", (e) => { document.body.append(JSON.stringify(e.data)); }); parent.postMessage({ type: "ready", payload: {} }, "*");</script></body>`,
      }),
    );
    await page.goto("/");
    const card = page.getByRole("article", { name: "Episode One: Pain Is a Protector" });
    await card.getByRole("button", { name: "Play episode: Episode One: Pain Is a Protector" }).click();
    await expect(card.frameLocator("iframe").locator("body")).toContainText('{"command":"play"}');
  });
});

test.describe("right-to-left text", () => {
  const arabic = {
    title: "لماذا الألم حامٍ؟ (E2E)",
    keyQuote: "الألم حامٍ، وليس مقياسًا للضرر.",
    description: "مقطع قصير عن الألم والتعلّم (الجزء ١).",
  };

  for (const width of [390, 1280]) {
    test(`when a clip is in Arabic at ${width} px, then its title, quote and description read right to left`, async ({
      page,
      baseURL,
      api,
    }) => {
      const clip = await createItem(api, "clips", {
        ...arabic,
        slug: "e2e-rtl",
        youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
        content: "المضيف: الألم يحميك.\n\nكلام عادي.",
        isPublished: true,
      });
      try {
        await page.setViewportSize({ width, height: width < 768 ? 844 : 800 });
        await recordRequests(page, baseURL!);
        await page.goto("/clips/e2e-rtl");
        const isRtl = (text: string) =>
          page
            .getByText(text, { exact: false })
            .first()
            .evaluate((el) => el.matches(":dir(rtl)"));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(arabic.title);
        expect(await page.getByRole("heading", { level: 1 }).evaluate((el) => el.matches(":dir(rtl)"))).toBe(true);
        expect(await isRtl(arabic.keyQuote)).toBe(true);
        expect(await isRtl(arabic.description)).toBe(true);
        expect(await isRtl("كلام عادي.")).toBe(true);
        expect(await page.getByRole("link", { name: "Back to Home" }).evaluate((el) => el.matches(":dir(ltr)"))).toBe(true);
        await page.screenshot({ path: path.join(ARTIFACTS, `clip-rtl-${width}.png`), fullPage: true });
        await page.goto("/");
        const card = page.getByRole("article", { name: arabic.title });
        expect(await card.getByRole("heading", { level: 3 }).evaluate((el) => el.matches(":dir(rtl)"))).toBe(true);
      } finally {
        await api.delete(`/api/clips/${clip.id}`);
      }
    });
  }
});

test.describe("right-to-left text beyond the clip page", () => {
  const hebrew = { intro: "שלום! כאן נמצא מבחן העריכה.", footer: "נעשה באהבה על ידי המגישים." };
  const episode = { title: "حلقة عن التعلّم (E2E)", description: "حلقة قصيرة عن الألم والتعلّم (الجزء ٢)." };
  let episodeId: number | undefined;
  test.afterEach(async ({ api }) => {
    await saveSettings(api, { editors_intro: "", footer_content: SEED.settings.footer_content! });
    if (episodeId !== undefined) await api.delete(`/api/episodes/${episodeId}`);
  });

  test("when an episode, the footer and the audition intro are in Arabic or Hebrew, then each reads right to left, for visitors and in the admin", async ({
    page,
    api,
  }) => {
    const created = await createItem(api, "episodes", {
      ...episode,
      spotifyEmbedUrl: "https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk",
      isPublished: true,
    });
    episodeId = created.id;
    await saveSettings(api, { editors_intro: hebrew.intro, footer_content: `<p>${hebrew.footer}</p>` });
    const isRtl = (text: string) =>
      page
        .getByText(text, { exact: true })
        .first()
        .evaluate((el) => el.matches(":dir(rtl)"));

    await page.goto("/");
    expect(await isRtl(episode.description)).toBe(true);
    expect(await isRtl(hebrew.footer)).toBe(true);
    await page.goto("/editors");
    expect(await isRtl(hebrew.intro)).toBe(true);

    await page.context().addCookies(await api.storageState().then((s) => s.cookies));
    await page.goto("/episodes");
    expect(await isRtl(episode.title)).toBe(true);
    const title = page.getByLabel("Episode Title");
    await title.fill("עברית בשדה");
    expect(await title.evaluate((el) => el.matches(":dir(rtl)"))).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-episodes-rtl-1280.png"), fullPage: true });
  });
});

/** Opens the route and checks that its tab title, from the first paint on, is the one the server sent. */
async function expectServedTitleKept(page: Page, route: string): Promise<void> {
  const served = /<title>([^<]*)<\/title>/
    .exec(await (await page.request.get(route)).text())![1]!
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'");
  await page.addInitScript(() => {
    const seen: string[] = [];
    const written: string[] = [];
    Object.assign(window, { titles: seen, titlesWritten: written });
    // Every page sets its tab title once it has rendered: each write is recorded...
    const title = Object.getOwnPropertyDescriptor(Document.prototype, "title")!;
    Object.defineProperty(Document.prototype, "title", {
      ...title,
      set(this: Document, value: string) {
        written.push(value);
        title.set!.call(this, value);
      },
    });
    // ...and so is every other change to <title>. The document has no element yet when this
    // runs, so the document itself is observed.
    new MutationObserver((records) => {
      if (records.some((r) => r.target.nodeName === "TITLE" || r.target.parentNode?.nodeName === "TITLE")) seen.push(document.title);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto(route);
  // The client has rendered and run its effects once it has written the tab title.
  await expect.poll(() => page.evaluate(() => (window as unknown as { titlesWritten: string[] }).titlesWritten.length)).toBeGreaterThan(0);
  await expectPageSettled(page);
  await expect(page).toHaveTitle(served);
  // Any title set after the first paint was the same one.
  expect((await page.evaluate(() => (window as unknown as { titles: string[] }).titles)).filter((t) => t !== served)).toEqual([]);
  expect((await page.evaluate(() => (window as unknown as { titlesWritten: string[] }).titlesWritten)).filter((t) => t !== served)).toEqual(
    [],
  );
}

test.describe("tab titles", () => {
  const pages = [
    "/archive",
    "/archive?q=pain",
    "/episode/episode-one-pain-is-a-protector",
    "/episode/no-such-episode",
    "/clips/no-such-clip",
    "/no/such/page",
    "/admin",
  ];
  for (const route of [...PUBLIC_ROUTES, ...pages]) {
    test(`when ${route} is opened, then its tab title stays the one the server sent`, async ({ page }) => {
      await expectServedTitleKept(page, route);
    });
  }
  // A visitor on the other admin screens is sent home (docs/product.md §2); the admin stays.
  for (const { route } of ADMIN_SCREENS) {
    test(`when the admin opens ${route}, then its tab title stays the one the server sent`, async ({ page, baseURL }) => {
      const login = await page.request.post("/api/auth/login", {
        data: ADMIN_LOGIN,
        headers: { Origin: baseURL! },
      });
      expect(login.status()).toBe(200);
      await expectServedTitleKept(page, route);
    });
  }
});

test.describe("admin page for a visitor", () => {
  test("when a visitor without a session opens /admin, then the login prompt shows with no 401 and no call to /api/auth/me", async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
    page.on("response", (r) => r.status() === 401 && problems.push(`${r.status()} ${r.url()}`));
    page.on("request", (r) => r.url().includes("/api/auth/me") && problems.push(`asked ${r.url()}`));
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Access Required" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Login as Admin" })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
