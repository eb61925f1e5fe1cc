import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, saveSettings } from "./admin-api";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { expect, expectPageSettled, recordRequests, seriousAxeFindings, test } from "./fixtures";
import { itemPagePaths } from "./seed";

const here = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = path.join(here, "artifacts");

// Chromium records from a fake microphone (a tone), and grants it without a prompt.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
  },
  permissions: ["microphone"],
});

interface ListedMessage {
  id: string;
  kind: string;
  name: string | null;
  status: string;
  episodeSlug: string | null;
}

/** The owner's messages as the API lists them. */
async function listed(api: APIRequestContext): Promise<ListedMessage[]> {
  return (await (await api.get("/api/messages")).json()) as ListedMessage[];
}

/** Removes the messages this spec sent (each test sends one per network's daily three). */
async function removeE2EMessages(api: APIRequestContext): Promise<void> {
  for (const message of await listed(api)) if (message.name?.startsWith("E2E")) await api.delete(`/api/messages/${message.id}`);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

/** Records about two seconds from the fake microphone. */
async function recordTwoSeconds(page: Page, button: "Record" | "Record again"): Promise<void> {
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("timer")).toContainText(/Recording 0:0\d of 3:00/);
  await page.waitForTimeout(2_100);
  await expect(page.getByRole("timer")).toContainText("Recording 0:02 of 3:00");
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(page.getByText(/Your recording: 0:0[23]/)).toBeVisible();
}

let api: APIRequestContext;
test.beforeEach(async ({ page, baseURL }) => {
  api = await adminApi(baseURL!);
  await saveSettings(api, { messages_enabled: "true", messages_consent: "" });
  await recordRequests(page, baseURL!);
});
test.afterEach(async () => {
  await removeE2EMessages(api);
  await saveSettings(api, { messages_enabled: "false", messages_consent: "", site_language: "" });
  await api.dispose();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("when a listener records a voice message, plays it back, records again and sends it, then the upload shows progress and it arrives; the owner plays it (played), downloads, archives and deletes it", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto("/");
    await page.getByRole("link", { name: "Send us a message" }).click();
    await expect(page.getByRole("heading", { name: "Send us a message", level: 1 })).toBeVisible();
    await shoot(page, "message-start");
    // The recorder's code is not loaded until the listener chooses.
    const scripts: string[] = [];
    page.on("response", (r) => r.request().resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
    await page.getByRole("button", { name: "Voice message" }).click();
    await expect(page.getByRole("button", { name: "Record", exact: true })).toBeVisible();
    expect(scripts.some((s) => s.includes("message-form"))).toBe(true);

    await recordTwoSeconds(page, "Record");
    await page.getByRole("button", { name: "Play back" }).click();
    await expect(page.getByRole("button", { name: "Stop playing" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => page.getByTestId("message-playback").evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0.3);
    await shoot(page, "message-recorded");
    await recordTwoSeconds(page, "Record again");

    await page.getByLabel("Your name (optional)").fill("E2E Voice Listener");
    await page.getByLabel("Your e-mail (optional)").fill("voice@example.com");
    await page.getByRole("checkbox", { name: "We may play your message on the show" }).check();
    // The upload answers a moment late, so its progress can be seen.
    await page.route("**/api/messages/*/audio**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText(/Uploading your recording: \d+%/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
    await expect(page.getByText("Thank you! Your message arrived.")).toBeVisible({ timeout: 20_000 });
    await shoot(page, "message-arrived");

    // The owner: the dashboard's count, the list, the site's player.
    await page.context().addCookies((await api.storageState()).cookies);
    await page.goto("/admin");
    await expect(page.getByTestId("messages-card")).toContainText("1 new message");
    await page.getByTestId("messages-card").getByRole("link", { name: "Open the messages" }).click();
    await expect(page.getByRole("heading", { name: "Listener messages", level: 1 })).toBeVisible();
    const card = page.getByTestId("message-item").filter({ hasText: "E2E Voice Listener" });
    await expect(card.getByRole("link", { name: "voice@example.com" })).toHaveAttribute("href", "mailto:voice@example.com");
    await expect(card.getByText(/Voice message · 0:0[23] long · received /)).toBeVisible();
    await expect(card.locator(".badge")).toHaveText("New");
    await shoot(page, "messages-admin");
    await card.getByRole("button", { name: "Play", exact: true }).click();
    await expect(card.locator(".badge")).toHaveText("Played");
    const [id] = (await listed(api)).filter((m) => m.name === "E2E Voice Listener").map((m) => m.id);
    await expect.poll(async () => (await listed(api)).find((m) => m.id === id)?.status).toBe("played");

    const download = page.waitForEvent("download");
    await card.getByRole("link", { name: "Download the voice message from E2E Voice Listener" }).click();
    const file = await (await download).path();
    const bytes = (await import("node:fs")).readFileSync(file);
    expect(bytes.length).toBeGreaterThan(5_000);
    expect(bytes.subarray(0, 4).toString("hex")).toBe("1a45dfa3"); // WebM (EBML)

    await card.getByLabel("Status").selectOption("archived");
    await expect(card.locator(".badge")).toHaveText("Archived");
    await expect.poll(async () => (await listed(api)).find((m) => m.id === id)?.status).toBe("archived");
    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByRole("button", { name: "Delete the message from E2E Voice Listener" }).click();
    await expect(card).toHaveCount(0);
    expect((await listed(api)).some((m) => m.id === id)).toBe(false);
    expect(await seriousAxeFindings(page)).toEqual([]);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("when a listener writes from an episode's page, then the page names the episode, refuses without consent and when too long, and sends it; the owner sees it with its episode", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const { episode } = await itemPagePaths(baseURL!);
    const slug = decodeURIComponent(episode.split("/").pop()!);
    const { title } = (await (await api.get(`/api/episodes/slug/${encodeURIComponent(slug)}`)).json()) as { title: string };
    await page.goto(episode);
    await page.getByRole("link", { name: "Send us a message" }).click();
    await expect.poll(() => new URL(page.url()).search).toBe(`?episode=${encodeURIComponent(slug)}`);
    await expect(page.getByTestId("message-episode")).toHaveText(`About the episode “${title}”`);
    await page.getByRole("button", { name: "Written message" }).click();

    const name = `E2E ${"Lengthy-Listener-Name ".repeat(4).trim()}`;
    const box = page.getByRole("textbox", { name: "Your message", exact: true });
    await box.fill("x".repeat(2_001));
    await expect(page.getByText("2001/2000")).toBeVisible();
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(page.getByText("Your message is too long: at most 2000 characters.")).toBeVisible();
    await expect(page.getByText("Tick the box to agree before sending.")).toBeVisible();
    await shoot(page, "message-refusals");
    const text = `${"A long thought about the episode, with no spaces to break: ".repeat(20)}${"y".repeat(120)}`;
    await box.fill(text);
    await expect(page.getByText("Your message is too long")).toHaveCount(0);
    await page.getByLabel("Your name (optional)").fill(name);
    await page.getByRole("checkbox", { name: "We may play your message on the show" }).check();
    await expect(page.getByText("Tick the box to agree before sending.")).toHaveCount(0);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Thank you! Your message arrived.")).toBeVisible({ timeout: 20_000 });
    expect(await seriousAxeFindings(page)).toEqual([]);

    await page.context().addCookies((await api.storageState()).cookies);
    await page.goto("/admin");
    await expect(page.getByTestId("messages-card")).toContainText("1 new message");
    await page.goto("/admin/messages");
    const card = page.getByTestId("message-item").filter({ hasText: name });
    await expect(card.getByText("Written message", { exact: false })).toBeVisible();
    await expect(card.getByRole("link", { name: title })).toHaveAttribute("href", episode);
    await expect(card.getByText(text.trim())).toBeVisible();
    await expectPageSettled(page);
    await shoot(page, "messages-admin-long");
    await card.getByLabel("Status").selectOption("archived");
    await expect(card.locator(".badge")).toHaveText("Archived");
    page.once("dialog", (dialog) => void dialog.accept());
    await card.getByRole("button", { name: `Delete the message from ${name}` }).click();
    await expect(card).toHaveCount(0);
  });
});

test("when messages are off, then no page offers them and /message says so; when the owner turns them on in /admin/messages with a consent sentence, then the page asks for that sentence", async ({
  page,
}) => {
  await saveSettings(api, { messages_enabled: "false" });
  await page.goto("/listen");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send us a message" })).toHaveCount(0);
  await page.goto("/message");
  await expect(page.getByText("The show is not taking messages at the moment.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Voice message" })).toHaveCount(0);

  await page.context().addCookies((await api.storageState()).cookies);
  await page.goto("/admin/messages");
  await page.getByRole("switch", { name: "Listeners can send messages" }).click();
  await page.getByLabel("Consent sentence").fill("E2E: you may air my message");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Settings saved").first()).toBeVisible();
  await page.context().clearCookies();
  await page.goto("/listen");
  await page.getByRole("link", { name: "Send us a message" }).click();
  await page.getByRole("button", { name: "Written message" }).click();
  await expect(page.getByRole("checkbox", { name: "E2E: you may air my message" })).toBeVisible();
});

for (const width of [390, 1280]) {
  test(`when the site is in Arabic, then the message page reads right to left at ${width} px with long words`, async ({ page }) => {
    await saveSettings(api, { site_language: "ar" });
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/message");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await page.getByRole("button", { name: "رسالة مكتوبة" }).click();
    await page.getByRole("textbox", { name: "رسالتك", exact: true }).fill(`${"رسالة طويلة جدًا عن الحلقة ".repeat(30)}${"ب".repeat(150)}`);
    await page.getByLabel("اسمك (اختياري)").fill("E2E مستمع باسم طويل جدًا جدًا جدًا جدًا جدًا جدًا");
    await page.getByRole("button", { name: "إرسال" }).click();
    await expect(page.getByText("ضع علامة في المربع للموافقة قبل الإرسال.")).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shoot(page, "message-ar");
    await page.getByRole("button", { name: "رسالة صوتية" }).click();
    await expect(page.getByRole("button", { name: "تسجيل", exact: true })).toBeVisible();
    await shoot(page, "message-ar-voice");
  });
}
