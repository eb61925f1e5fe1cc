import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { request, type APIRequestContext, type Page } from "@playwright/test";
import { AUDITION_PREFIX_TOO_SHORT, HAND_IN_MESSAGES, type HandInUpload } from "../shared/auditions";
import { makeWav } from "../server/test/wav";
import { adminApi, handIns, removeE2EHandIns } from "./admin-api";
import { expect, expectPageSettled, recordRequests, seriousAxeFindings, test } from "./fixtures";

const here = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = path.join(here, "artifacts");
const MB = 1024 * 1024;

/** A real WAV the test makes, written where the browser's file picker can take it. */
function wavFile(name: string, bytes: number): { file: string; data: Buffer } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-hand-in-"));
  const data = makeWav({ bytes, sampleRate: 44_100, channels: 2 });
  const file = path.join(dir, name);
  fs.writeFileSync(file, data);
  return { file, data };
}

async function unlock(page: Page, code: string) {
  await page.goto("/editors");
  await page.getByLabel("Password", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Access Files" }).click();
  await expect(page.getByRole("heading", { name: "Hand in your edit" })).toBeVisible();
}

async function fillHandIn(page: Page, file: string, name = "E2E Candidate") {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Your e-mail").fill("candidate@example.com");
  await page.getByLabel("Notes on your edit").fill("Took out the ums and evened the levels.");
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: /browse files/i }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText(path.basename(file)).first()).toBeVisible();
}

let api: APIRequestContext;
test.beforeEach(async ({ page, baseURL }) => {
  api = await adminApi(baseURL!);
  await recordRequests(page, baseURL!);
});
test.afterEach(async () => {
  await removeE2EHandIns(api);
  await api.dispose();
});

test("when a candidate hands in a real WAV, then they see it arrived, and the owner plays it (seeking by ranges), downloads the same bytes, sets its status and deletes it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { file, data } = wavFile("e2e-edit.wav", 6 * MB);
  await unlock(page, "podedit77");
  await fillHandIn(page, file);
  await page.getByRole("button", { name: "Hand in your edit" }).click();
  await expect(page.getByText("Thank you, E2E Candidate: your edit has been handed in.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("“e2e-edit.wav” arrived safely.")).toBeVisible();
  await page.screenshot({ path: path.join(ARTIFACTS, "hand-in-done-1280.png"), fullPage: true });

  // The owner: the dashboard counts it, the editors page links to the list.
  await page.context().addCookies((await api.storageState()).cookies);
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Audition hand-ins (1 new)" })).toBeVisible();
  await page.goto("/admin/editors");
  await page.getByRole("link", { name: /Audition hand-ins/ }).click();
  await expect(page.getByRole("heading", { name: "Audition Hand-ins", level: 1 })).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "E2E Candidate" });
  await expect(card.getByText("Candidate 77")).toBeVisible();
  await expect(card.getByText("Took out the ums and evened the levels.")).toBeVisible();
  await expect(card.getByText(/6\.0 MB · 0:35/)).toBeVisible();

  // The site's own player plays it; a seek asks for a range of the file.
  const ranges: number[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/api/auditions/") && res.url().endsWith("/file")) ranges.push(res.status());
  });
  await card.getByRole("button", { name: "Play", exact: true }).click();
  await expect(card.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.querySelector("audio")!.currentTime)).toBeGreaterThan(0.2);
  await card.getByLabel("Seek").fill("30");
  await expect.poll(() => page.evaluate(() => document.querySelector("audio")!.currentTime)).toBeGreaterThanOrEqual(29);
  expect(ranges).toContain(206);
  await card.getByRole("button", { name: "Pause", exact: true }).click();
  await page.screenshot({ path: path.join(ARTIFACTS, "admin-auditions-1280.png"), fullPage: true });
  expect(await seriousAxeFindings(page)).toEqual([]);

  // Download: the same bytes.
  const downloading = page.waitForEvent("download");
  await card.getByRole("link", { name: /Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("e2e-edit.wav");
  expect(Buffer.compare(fs.readFileSync((await download.path())!), data)).toBe(0);

  // The owner's decision stays.
  await card.getByLabel("Status").selectOption("shortlisted");
  await expect(card.getByText("Shortlisted", { exact: true }).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("listitem").filter({ hasText: "E2E Candidate" }).getByLabel("Status")).toHaveValue("shortlisted");
  expect((await handIns(api)).find((a) => a.name === "E2E Candidate")?.status).toBe("shortlisted");

  await page.setViewportSize({ width: 390, height: 844 });
  await expectPageSettled(page);
  await page.screenshot({ path: path.join(ARTIFACTS, "admin-auditions-390.png"), fullPage: true });

  // Delete asks first.
  page.once("dialog", (dialog) => void dialog.accept());
  await page
    .getByRole("listitem")
    .filter({ hasText: "E2E Candidate" })
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByText("No edits have been handed in yet.")).toBeVisible();
  expect(await handIns(api)).toEqual([]);
});

test("when the connection drops mid-upload and the page is reloaded, then choosing the same file again picks up where it stopped and it arrives whole", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { file, data } = wavFile("e2e-long-edit.wav", 11 * MB);
  const parts: string[] = [];
  page.on("request", (req) => {
    const m = /\/parts\/(\d+)\?/.exec(req.url());
    if (req.method() === "PUT" && m) parts.push(m[1]!);
  });
  // The connection drops when the second part is on its way.
  await page.route(/\/parts\/2\?/, (route) => route.abort("internetdisconnected"));
  await unlock(page, "podedit78");
  await fillHandIn(page, file, "E2E Reloader");
  await page.getByRole("button", { name: "Hand in your edit" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The connection was lost" })).toBeVisible({ timeout: 30_000 });
  expect(parts.filter((n) => n === "1")).toHaveLength(1);

  await page.unroute(/\/parts\/2\?/);
  await page.reload();
  await unlock(page, "podedit78");
  await fillHandIn(page, file, "E2E Reloader");
  await page.getByRole("button", { name: "Hand in your edit" }).click();
  await expect(page.getByText("Thank you, E2E Reloader: your edit has been handed in.")).toBeVisible({ timeout: 30_000 });
  // Part 1 was not sent again.
  expect(parts.filter((n) => n === "1")).toHaveLength(1);
  expect(parts).toContain("3");

  const [audition] = (await handIns(api)).filter((a) => a.name === "E2E Reloader");
  const stored = await api.get(`/api/auditions/${audition!.id}/file`);
  expect(Buffer.compare(await stored.body(), data)).toBe(0);
});

/** A candidate's upload started and left half-way, over the API as a browser's uploader would make it. */
async function startUploadUnderway(baseURL: string, code: string, name: string) {
  const candidate = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const wav = makeWav({ bytes: 6 * MB });
  const started = await candidate.post("/api/editors/hand-ins", {
    data: {
      code,
      name,
      email: "uploader@example.com",
      notes: "",
      fileName: "half-way.wav",
      size: wav.length,
      head: wav.subarray(0, 4100).toString("base64"),
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const upload = (await started.json()) as HandInUpload;
  const signed = await candidate.post(`/api/editors/hand-ins/${upload.id}/sign`, {
    data: { partNumber: 1 },
    headers: { "x-upload-token": upload.token },
  });
  const { url } = (await signed.json()) as { url: string };
  expect((await candidate.put(url, { data: wav.subarray(0, upload.partSize) })).status()).toBe(200);
  await candidate.dispose();
  return upload;
}

test("when an upload is under way, then the owner sees it (code, name, bytes so far, started) beside the hand-ins and deletes it", async ({
  page,
  baseURL,
}) => {
  const upload = await startUploadUnderway(baseURL!, "podedit81", "E2E Uploader");
  await page.context().addCookies((await api.storageState()).cookies);
  await page.goto("/admin/auditions");
  const section = page.getByRole("region", { name: /Uploads under way/ });
  await expect(section.getByRole("heading", { name: "Uploads under way (1)" })).toBeVisible();
  const item = section.getByRole("listitem").filter({ hasText: "E2E Uploader" });
  await expect(item.getByText("Candidate 81")).toBeVisible();
  await expect(item.getByText(/half-way\.wav · started/)).toBeVisible();
  await expect(item.getByText(/5\.0 MB of 6\.0 MB \(83\s?%\)/)).toBeVisible();
  await expectPageSettled(page);
  expect(await seriousAxeFindings(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTIFACTS, "admin-uploads-underway-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPageSettled(page);
  await page.screenshot({ path: path.join(ARTIFACTS, "admin-uploads-underway-390.png"), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  page.once("dialog", (dialog) => void dialog.accept());
  await item.getByRole("button", { name: /Delete/ }).click();
  await expect(section.getByText("No uploads are under way.")).toBeVisible();
  expect((await (await api.get("/api/auditions/uploads")).json()) as unknown[]).toEqual([]);
  expect((await api.delete(`/api/auditions/uploads/${upload.id}`)).status()).toBe(404);
});

test("when the owner types an access password shorter than 6 characters, then the editors screen says why it was not saved", async ({
  page,
}) => {
  await page.context().addCookies((await api.storageState()).cookies);
  await page.goto("/admin/editors");
  await page.getByLabel("Access Password").fill("abc");
  await page.getByRole("button", { name: "Save All Changes" }).first().click();
  await expect(page.getByRole("alert").filter({ hasText: `Access Password ${AUDITION_PREFIX_TOO_SHORT}` })).toBeVisible();
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText(`Nothing was saved: the access password ${AUDITION_PREFIX_TOO_SHORT}.`),
  ).toBeVisible();
  await expect(page.getByLabel("Access Password")).toBeFocused();
  await page.screenshot({ path: path.join(ARTIFACTS, "admin-editors-short-password-1280.png"), fullPage: true });
  // The seeded password still opens the audition.
  await page.context().clearCookies();
  await unlock(page, "podedit82");
});

test.describe("at 390 px, by keyboard", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("when a text file named .wav is handed in, then the refusal says why, in words, and nothing is stored", async ({ page }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-hand-in-"));
    const text = path.join(dir, "notes.wav");
    fs.writeFileSync(text, "These are my notes, not audio.\n".repeat(100));

    await page.goto("/editors");
    await page.getByLabel("Password", { exact: true }).focus();
    await page.keyboard.type("podedit79");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Hand in your edit" })).toBeVisible();
    await page.getByLabel("Your name").focus();
    await page.keyboard.type("E2E Keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.type("keys@example.com");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Typed without a mouse.");
    await expectPageSettled(page);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, "hand-in-form-390.png"), fullPage: true });

    // The file picker opens from the keyboard too.
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: /browse files/i }).focus();
    await page.keyboard.press("Enter");
    await (await chooser).setFiles(text);
    await page.getByRole("button", { name: "Hand in your edit" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: HAND_IN_MESSAGES.notAudio })).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS, "hand-in-refused-390.png"), fullPage: true });
    expect((await handIns(api)).filter((a) => a.name === "E2E Keyboard")).toEqual([]);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
