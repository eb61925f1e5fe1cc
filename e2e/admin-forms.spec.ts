import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, createItem, removeE2EItems } from "./admin-api";
import { expect, recordRequests, seriousAxeFindings, test } from "./fixtures";
import { ADMIN_LOGIN } from "./server-state";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
/** The validator's own phrasing, which the owner should never read. */
const VALIDATOR_WORDS = /too big|too small|invalid input|expected string|<=/i;

async function login(page: Page, baseURL: string): Promise<void> {
  const res = await page.request.post("/api/auth/login", {
    data: ADMIN_LOGIN,
    headers: { Origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

async function expectToast(page: Page, title: string): Promise<void> {
  await expect(page.locator(".toast-root").getByText(title, { exact: true })).toBeVisible();
}

let api: APIRequestContext;
test.beforeEach(async ({ page, baseURL }) => {
  api = await adminApi(baseURL!);
  await recordRequests(page, baseURL!);
  await login(page, baseURL!);
});
test.afterEach(async () => {
  await removeE2EItems(api);
  await api.dispose();
});

test.describe("clip form", () => {
  test("when a title is longer than a slug may be and the slug is left empty, then the clip saves with a slug cut at a word", async ({
    page,
  }) => {
    const title =
      "E2E Why pain is a protector and not a damage meter, and what that means for learning, teaching and every body that moves every day";
    await page.goto("/admin/clips");
    await page.getByLabel("Clip Title").fill(title);
    await page.getByLabel("YouTube Embed URL").fill("https://www.youtube.com/embed/dQw4w9WgXcQ");
    await page.getByRole("button", { name: "Add Clip" }).click();
    await expectToast(page, "Clip added");
    const row = page.getByRole("list", { name: "Existing Clips" }).getByRole("listitem", { name: title });
    const slug = ((await row.getByText(/^\/clips\//).textContent()) ?? "").replace("/clips/", "");
    expect(slug.length).toBeLessThanOrEqual(120);
    expect(slug).toMatch(/^e2e-why-pain-is-a-protector[a-z0-9-]*[a-z0-9]$/);
    expect(`${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-`.startsWith(`${slug}-`)).toBe(true);
    await expect(page.locator("body")).not.toContainText(VALIDATOR_WORDS);
  });

  test("when the list in hand was loaded before the login (no articles in it), then an edit starts from the whole clip and saving keeps its article", async ({
    page,
  }) => {
    const article = "E2E article: the whole text, which a visitor's list leaves out.";
    const clip = await createItem<{ id: number; slug: string }>(api, "clips", {
      title: "E2E Clip With An Article",
      youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      content: article,
    });
    // The list as a visitor's session gets it: summaries, no article.
    await page.route("**/api/clips", async (route) => {
      const res = await route.fetch();
      const clips = ((await res.json()) as Record<string, unknown>[]).map(({ content: _article, ...summary }) => summary);
      await route.fulfill({ response: res, json: clips });
    });
    await page.goto("/admin/clips");
    await page.getByRole("button", { name: "Edit: E2E Clip With An Article" }).click();
    await expect(page.getByLabel("Article Content")).toHaveValue(article);
    await page.getByLabel("Description", { exact: true }).fill("E2E edited");
    await page.getByRole("button", { name: "Update Clip" }).click();
    await expectToast(page, "Clip updated");
    const saved = (await (await api.get(`/api/clips/slug/${clip.slug}`)).json()) as { content: string; description: string };
    expect(saved).toMatchObject({ content: article, description: "E2E edited" });
  });

  test("when an edit is cancelled by keyboard, also while the whole clip still loads, then focus is back on the row's Edit button", async ({
    page,
  }) => {
    await createItem(api, "clips", {
      title: "E2E Clip To Edit",
      youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
      content: "E2E article",
    });
    await page.goto("/admin/clips");
    const edit = page.getByRole("button", { name: "Edit: E2E Clip To Edit" });
    await edit.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Clip Title")).toBeFocused();
    await page.getByRole("button", { name: "Cancel" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Add New Clip" })).toBeVisible();
    await expect(edit).toBeFocused();
    // A list without articles (loaded before the login): the edit waits for the whole clip, held here.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/clips", async (route) => {
      const res = await route.fetch();
      await route.fulfill({
        response: res,
        json: ((await res.json()) as Record<string, unknown>[]).map(({ content: _article, ...summary }) => summary),
      });
    });
    await page.route("**/api/clips/slug/**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/admin/clips");
    await edit.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Loading clip..." })).toBeVisible();
    await page.getByRole("button", { name: "Cancel" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Add New Clip" })).toBeVisible();
    await expect(edit).toBeFocused();
    release();
  });

  test("when a title has accented letters, then its slug keeps them as plain letters", async ({ page }) => {
    await page.goto("/admin/clips");
    await page.getByLabel("Clip Title").fill("E2E Ça va, l'été à Zürich");
    await expect(page.getByLabel("URL Slug")).toHaveAttribute("placeholder", "e2e-ca-va-l-ete-a-zuerich");
    await page.getByLabel("YouTube Embed URL").fill("https://www.youtube.com/embed/dQw4w9WgXcQ");
    await page.getByRole("button", { name: "Add Clip" }).click();
    await expectToast(page, "Clip added");
    await expect(page.getByRole("listitem", { name: "E2E Ça va, l'été à Zürich" })).toContainText("/clips/e2e-ca-va-l-ete-a-zuerich");
  });

  test("when a field is wrong, then its message is in the product's words, naming the field", async ({ page }) => {
    await page.goto("/admin/clips");
    await page.getByLabel("Clip Title").fill("E2E Bad slug");
    await page.getByLabel("YouTube Embed URL").fill("https://www.youtube.com/embed/dQw4w9WgXcQ");
    await page.getByLabel("URL Slug").fill("Not A Slug!");
    await page.getByRole("button", { name: "Add Clip" }).click();
    await expect(page.getByText("URL Slug may hold only lowercase letters, digits and single hyphens.")).toBeVisible();
    await page.getByLabel("URL Slug").fill("");
    await page.getByLabel("YouTube Embed URL").fill("https://example.com/video");
    await page.getByRole("button", { name: "Add Clip" }).click();
    await expect(page.getByText(/^YouTube Embed URL must be a YouTube embed address/)).toBeVisible();
    await expect(page.locator("body")).not.toContainText(VALIDATOR_WORDS);
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-clip-form-errors-1280.png"), fullPage: true });
  });

  test("when a watch link with a time is typed key by key, then it converts once whole, keeping the time as start, and saves", async ({
    page,
  }) => {
    await page.goto("/admin/clips");
    await page.getByLabel("Clip Title").fill("E2E Typed link");
    const url = page.getByLabel("YouTube Embed URL");
    await url.pressSequentially("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s");
    await expect(url).toHaveValue("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s");
    await url.blur();
    await expect(url).toHaveValue("https://www.youtube.com/embed/dQw4w9WgXcQ?start=42");
    await page.getByRole("button", { name: "Add Clip" }).click();
    await expectToast(page, "Clip added");
    const clips = (await (await api.get("/api/clips")).json()) as { title: string; youtubeEmbedUrl: string }[];
    expect(clips.find((c) => c.title === "E2E Typed link")?.youtubeEmbedUrl).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?start=42");
  });

  test("when a youtu.be link is pasted, then the field holds the embed address at once, the time kept as start", async ({ page }) => {
    await page.goto("/admin/clips");
    const url = page.getByLabel("YouTube Embed URL");
    await url.focus();
    // What a paste from the clipboard delivers to the field: a paste event with text.
    await url.evaluate((input: HTMLInputElement) => {
      const data = new DataTransfer();
      data.setData("text/plain", "  https://youtu.be/dQw4w9WgXcQ?t=90 ");
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(url).toHaveValue("https://www.youtube.com/embed/dQw4w9WgXcQ?start=90");
    await expect(url).toBeFocused();
  });
});

test.describe("episode show notes", () => {
  const NOTES =
    '<p>E2E notes with <strong>bold</strong> words.<br />A second line with a <a href="https://example.com/guest">guest link</a>.</p><ul><li>First topic</li><li>Second topic</li></ul>';

  test("when an episode's notes are HTML, then the form shows them formatted, an edit by keyboard saves, and its page shows the result formatted", async ({
    page,
  }) => {
    // Two axe scans and four screenshots besides the journey.
    test.setTimeout(90_000);
    const episode = await createItem<{ id: number; slug: string }>(api, "episodes", {
      title: "E2E Notes Episode",
      audioUrl: "https://cdn.example/notes.mp3",
      showNotes: NOTES,
      isPublished: true,
    });
    await page.goto("/episodes");
    const edit = page.getByRole("button", { name: "Edit: E2E Notes Episode" });
    await edit.click();
    const notes = page.getByRole("textbox", { name: "Show Notes" });
    await expect(notes.locator("strong")).toHaveText("bold");
    await expect(notes.getByRole("link", { name: "guest link" })).toHaveAttribute("href", "https://example.com/guest");
    await expect(notes.getByRole("listitem")).toHaveText(["First topic", "Second topic"]);
    await expect(notes).not.toContainText("<");

    // A change, then Cancel: asked first, and the form is back to an empty new episode.
    await notes.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" (changed)");
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Add New Episode" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Show Notes" })).toHaveText("");
    await edit.click();
    await expect(notes.getByRole("listitem")).toHaveText(["First topic", "Second topic"]);

    // By keyboard: Tab reaches the toolbar (one stop, arrows along it), then the notes.
    await page.getByLabel("Description (Optional)").focus();
    await page.keyboard.press("Tab");
    const bold = page.getByRole("button", { name: "Bold" });
    await expect(bold).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("button", { name: "Italic" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(notes).toBeFocused();
    await page.keyboard.press("Control+End");
    // Enter twice leaves the list for a new paragraph.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Thanks for listening, ");
    await page.keyboard.press("Control+b");
    await expect(bold).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.type("everyone");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("!");
    await expect(notes.locator("p strong", { hasText: "everyone" })).toBeVisible();

    const form = page.getByRole("region", { name: "Edit Episode" });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
      // The toolbar fits the narrow screen on one row.
      const boxes = await page
        .getByRole("toolbar", { name: "Formatting" })
        .getByRole("button")
        .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right })));
      expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
      expect(Math.max(...boxes.map((b) => b.right))).toBeLessThanOrEqual(width);
      await notes.scrollIntoViewIfNeeded();
      await form.screenshot({ path: path.join(ARTIFACTS, `admin-episode-show-notes-${width}.png`) });
      await page.getByRole("button", { name: "Link" }).click();
      await expect(page.getByRole("textbox", { name: "Link address" })).toBeFocused();
      expect(await seriousAxeFindings(page)).toEqual([]);
      await form.screenshot({ path: path.join(ARTIFACTS, `admin-episode-show-notes-link-${width}.png`) });
      await page.keyboard.press("Escape");
      await expect(notes).toBeFocused();
    }

    await page.getByRole("button", { name: "Update Episode" }).click();
    await expectToast(page, "Episode updated");
    const saved = (await (await api.get(`/api/episodes/slug/${episode.slug}`)).json()) as { showNotes: string };
    expect(saved.showNotes).toContain("<p>Thanks for listening, <strong>everyone</strong>!</p>");

    await page.context().clearCookies();
    await page.goto(`/episode/${episode.slug}`);
    const shown = page.getByRole("region", { name: "Show notes" });
    await expect(shown.locator("strong", { hasText: "everyone" })).toBeVisible();
    await expect(shown.locator("strong", { hasText: "bold" })).toBeVisible();
    await expect(shown.getByRole("listitem")).toHaveText(["First topic", "Second topic"]);
    await expect(shown.getByRole("link", { name: "guest link" })).toHaveAttribute("href", "https://example.com/guest");
    await expect(shown).not.toContainText("<");
    await page.setViewportSize({ width: 390, height: 844 });
    await shown.screenshot({ path: path.join(ARTIFACTS, "episode-show-notes-390.png") });
  });

  test("when links are typed or HTML is pasted into the notes, then only web and e-mail links and the offered formatting arrive", async ({
    page,
  }) => {
    await page.goto("/episodes");
    const notes = page.getByRole("textbox", { name: "Show Notes" });
    await notes.click();
    await page.keyboard.type("Typed: example.com and javascript:alert(1) and host@example.com done");
    await expect(notes.getByRole("link", { name: "example.com", exact: true })).toHaveAttribute("href", "https://example.com");
    await expect(notes.getByRole("link", { name: "host@example.com" })).toHaveAttribute("href", "mailto:host@example.com");
    await expect(notes.getByRole("link")).toHaveCount(2);
    await page.keyboard.press("Enter");
    // What a paste from a web page delivers: a paste event with its HTML.
    await notes.evaluate((box) => {
      const data = new DataTransfer();
      data.setData(
        "text/html",
        '<h1>Heading</h1><p>Pasted <a href="javascript:alert(1)">bad</a> and <a href="https://ok.example/x">good</a>' +
          '<img src="x" onerror="alert(1)"> <u>under</u><script>alert(1)</script></p><blockquote>Quote</blockquote>',
      );
      box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect(notes).toContainText("Pasted bad and good under");
    await expect(notes.getByRole("link", { name: "good" })).toHaveAttribute("href", "https://ok.example/x");
    await expect(notes.locator("h1, img, u, blockquote, script, a[href^='javascript']")).toHaveCount(0);

    await page.getByLabel("Episode Title").fill("E2E Pasted Notes");
    await page.getByLabel("Audio URL").fill("https://cdn.example/pasted.mp3");
    await page.getByRole("button", { name: "Add Episode" }).click();
    await expectToast(page, "Episode added");
    const episodes = (await (await api.get("/api/episodes")).json()) as { title: string; slug: string }[];
    const slug = episodes.find((e) => e.title === "E2E Pasted Notes")!.slug;
    const { showNotes } = (await (await api.get(`/api/episodes/slug/${slug}`)).json()) as { showNotes: string };
    expect(showNotes).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow ugc">example.com</a>');
    expect(showNotes).toContain("<p>Heading</p>");
    expect(showNotes).toContain(" and javascript:alert(1) and ");
    expect(showNotes).not.toMatch(/href="javascript|<img|<script|onerror|<h1|<u>|<blockquote/);
  });
});

test.describe("provider icons", () => {
  test("when the admin picks a platform icon, then the form previews it and the list shows icons, never class names", async ({ page }) => {
    await page.goto("/providers");
    const list = page.getByRole("list", { name: "Current Providers" });
    await expect(list.getByRole("listitem", { name: "Alpha Audio" }).locator('[data-icon="spotify"] svg')).toBeVisible();
    await expect(list).not.toContainText("fab fa-");
    await page.getByLabel("Name").fill("E2E Overcast");
    await page.getByLabel("URL", { exact: true }).fill("https://example.com/overcast");
    await page.getByRole("radio", { name: "Overcast" }).check();
    await expect(page.getByLabel("Icon", { exact: true })).toHaveValue("overcast");
    await expect(page.getByTestId("icon-preview").locator('[data-icon="overcast"] svg')).toBeVisible();
    await expect(page.getByTestId("icon-preview")).toContainText("Overcast icon");
    await page.getByLabel("Icon", { exact: true }).fill("fab fa-apple");
    await expect(page.getByRole("radio", { name: "Apple Podcasts" })).toBeChecked();
    // A name no icon answers to: the preview says so and shows the podcast icon that will stand in.
    await page.getByLabel("Icon", { exact: true }).fill("fab fa-not-a-platform");
    await expect(page.getByTestId("icon-preview").locator('[data-icon="podcast"] svg')).toBeVisible();
    await expect(page.getByTestId("icon-preview")).toContainText(
      "“fab fa-not-a-platform” is not an icon we know: the podcast icon shows instead.",
    );
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
    await page.getByLabel("Icon", { exact: true }).fill("fab fa-overcast");
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-provider-icon-picker-1280.png"), fullPage: true });
    await page.getByRole("button", { name: "Add Provider" }).click();
    await expectToast(page, "Provider added");
    await expect(list.getByRole("listitem", { name: "E2E Overcast" }).locator('[data-icon="overcast"] svg')).toBeVisible();
  });
});

test.describe("icon upload dialog", () => {
  const openUpload = async (page: Page) => {
    await page.goto("/providers");
    await page.getByRole("button", { name: "Upload Icon" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Provider Icon" });
    await expect(dialog).toBeVisible();
    // As a keyboard user does, the next key comes once the dialog holds the focus (its keys are
    // set up as it takes it, just after it first paints: decision 021).
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest("[role=dialog]") != null)).toBe(true);
    return dialog;
  };

  test("when Escape is pressed, then the dialog closes and focus is back on its button; when a file has arrived, then it closes by itself, the same way", async ({
    page,
  }) => {
    let dialog = await openUpload(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Upload Icon" })).toBeFocused();
    await page.keyboard.press("Enter");
    dialog = page.getByRole("dialog", { name: "Upload Provider Icon" });
    await dialog.locator("input[type=file]").first().setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByRole("button", { name: /Upload 1 file/ }).click();
    // docs/product.md "The owner's work": no Done to press, the icon is the form's at once.
    await expect(dialog).toBeHidden();
    await expectToast(page, "Icon uploaded");
    await expect(page.getByRole("button", { name: "Upload Icon" })).toBeFocused();
    await expect(page.getByLabel("Icon", { exact: true })).toHaveValue(/\/api\/objects\/uploads\//);
  });

  test("when a file is refused, then the dialog says why, and a later good file clears it and shows the image in the form", async ({
    page,
  }) => {
    const cspErrors: string[] = [];
    page.on("console", (m) => m.type() === "error" && /Content Security Policy/i.test(m.text()) && cspErrors.push(m.text()));
    const dialog = await openUpload(page);
    const input = dialog.locator("input[type=file]").first();
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(dialog.getByRole("alert")).toHaveText("notes.txt: This file is not a PNG, JPEG, GIF, WebP or SVG image.");
    await input.setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.concat([PNG, Buffer.alloc(5_242_880)]) });
    await expect(dialog.getByRole("alert")).toHaveText("big.png: This file is over 5 MB: choose an image of up to 5 MB.");
    await input.setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await dialog.getByRole("button", { name: /Upload 1 file/ }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, "Icon uploaded");
    await page.screenshot({ path: path.join(ARTIFACTS, "admin-provider-upload-done-1280.png") });
    const preview = page.getByTestId("icon-preview").getByRole("img", { name: "The uploaded icon" });
    await expect(preview).toHaveAttribute("src", /^data:image\/png;base64,/);
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(cspErrors).toEqual([]);
  });

  test("when an upload is under way, then there is no pause or resume button, which would only restart it", async ({ page }) => {
    // The upload's PUT never answers: the dialog stays in its uploading state.
    await page.route("**/api/objects/uploads/**", () => {});
    const dialog = await openUpload(page);
    await dialog.locator("input[type=file]").first().setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByRole("button", { name: /Upload 1 file/ }).click();
    await expect(dialog.getByText(/Uploading/).first()).toBeVisible();
    await expect(dialog.getByRole("button", { name: /pause|resume/i })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: /cancel/i }).first()).toBeVisible();
  });
});

test.describe("theme selector", () => {
  test("when a two-colour pick is cancelled, then focus is back on the button and reopening shows the saved colours again", async ({
    page,
  }) => {
    await page.goto("/admin");
    await page.getByRole("button", { name: "Change Site Theme" }).click();
    const dialog = page.getByRole("dialog", { name: "Theme Selector - Dramatic Gradients" });
    await dialog.getByRole("button", { name: "Use two-colour gradient" }).click();
    await dialog.getByLabel("Start colour").fill("#00ff00");
    await expect(dialog.getByLabel("Start colour")).toHaveValue("#00ff00");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Change Site Theme" })).toBeFocused();
    await page.getByRole("button", { name: "Change Site Theme" }).click();
    await expect(dialog.getByLabel("Start colour")).toHaveValue("#1a0a0a");
    await expect(dialog.getByLabel("End colour")).toHaveValue("#ff6b35");
    await expect(page.locator("body")).toHaveClass(/theme-deep-ocean/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });
});
