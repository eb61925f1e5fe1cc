import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { APIRequestContext, Page } from "@playwright/test";
import { makeWav } from "../server/test/wav";
import { adminApi, removeE2EHandIns } from "./admin-api";
import { expect, expectPageSettled, seriousAxeFindings, test } from "./fixtures";

/**
 * The candidates' side of the editors' page (issue 38): every wrong code says the spec's words; an
 * upload cut off by leaving the page is warned of, and within the hour the page comes back
 * unlocked with the form filled and the upload goes on; the hand-ins a code has left show before
 * the form, and once its three are used the form is not offered.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = path.join(here, "artifacts");
const MB = 1024 * 1024;
const WRONG = "Incorrect password. Please try again.";

function wavFile(name: string, bytes: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-candidates-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, makeWav({ bytes, sampleRate: 44_100, channels: 2 }));
  return file;
}

async function unlock(page: Page, code: string) {
  await page.goto("/editors");
  await page.getByLabel("Password", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Access Files" }).click();
  await expect(page.getByRole("heading", { name: "Hand in your edit" })).toBeVisible();
}

async function chooseFile(page: Page, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: /browse files/i }).click();
  await (await chooser).setFiles(file);
  await expect(page.getByText(path.basename(file)).first()).toBeVisible();
}

async function fillHandIn(page: Page, file: string, name: string) {
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Your e-mail").fill("candidate@example.com");
  await page.getByLabel("Notes on your edit").fill("Evened the levels, cut the long pauses.");
  await chooseFile(page, file);
}

const keptKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("audition-hand-in")));

let api: APIRequestContext;
test.beforeEach(async ({ baseURL }) => {
  api = await adminApi(baseURL!);
});
test.afterEach(async () => {
  await removeE2EHandIns(api);
  await api.dispose();
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 800 } });

    test("when a code without digits, an empty one, spaces, a too long one or one with other digits is tried, then the spec's message shows each time", async ({
      page,
    }) => {
      for (const wrong of ["tryout", "", "   ", "podedit".repeat(40), "podedit٣"]) {
        await page.goto("/editors");
        await page.getByLabel("Password", { exact: true }).fill(wrong);
        await page.getByRole("button", { name: "Access Files" }).click();
        await expect(page.getByRole("alert").filter({ hasText: WRONG }), JSON.stringify(wrong)).toBeVisible();
        await expect(page.getByRole("heading", { name: "Access Granted" })).toHaveCount(0);
        if (wrong === "tryout") {
          await expectPageSettled(page);
          await page.screenshot({ path: path.join(ARTIFACTS, `candidates-wrong-code-${width}.png`), fullPage: true });
        }
      }
      // A right code of the wrong shape's neighbour still opens, and the message goes.
      await page.getByLabel("Password", { exact: true }).fill(`podedit${width}0`);
      await page.getByRole("button", { name: "Access Files" }).click();
      await expect(page.getByRole("heading", { name: "Access Granted" })).toBeVisible();
      await expect(page.getByRole("alert").filter({ hasText: WRONG })).toHaveCount(0);
    });

    test("when the page is reloaded mid-upload, then it warns first, comes back unlocked with the form filled, says to choose the file again, and the upload finishes from where it stopped", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const file = wavFile("e2e-cut-off.wav", 11 * MB);
      const parts: string[] = [];
      page.on("request", (req) => {
        const m = /\/parts\/(\d+)\?/.exec(req.url());
        if (req.method() === "PUT" && m) parts.push(m[1]!);
      });
      // Part 2 hangs on the way: the upload is under way when the page is left.
      await page.route(/\/parts\/2\?/, () => undefined);
      await unlock(page, `podedit${width}1`);
      await fillHandIn(page, file, "E2E Cut Off");
      await page.getByRole("button", { name: "Hand in your edit" }).click();
      await expect(page.getByRole("button", { name: "Uploading..." })).toBeVisible();
      await expect.poll(() => parts).toContain("2");

      const dialogs: string[] = [];
      page.on("dialog", (dialog) => {
        dialogs.push(dialog.type());
        void dialog.accept();
      });
      await page.reload();
      expect(dialogs).toEqual(["beforeunload"]);
      await page.unrouteAll({ behavior: "ignoreErrors" });

      // Back unlocked, without typing the code, the form as it was.
      await expect(page.getByRole("heading", { name: "Access Granted" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Hand in your edit" })).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveValue("E2E Cut Off");
      await expect(page.getByLabel("Your e-mail")).toHaveValue("candidate@example.com");
      await expect(page.getByLabel("Notes on your edit")).toHaveValue("Evened the levels, cut the long pauses.");
      await expect(page.getByText("You can hand in 3 more edits with this code.")).toBeVisible();
      const notice = page.getByText(
        /Your upload of “e2e-cut-off\.wav” was cut off when the page was left\. Your browser cannot keep the file itself/,
      );
      await expect(notice).toBeVisible();
      await expectPageSettled(page);
      await page.screenshot({ path: path.join(ARTIFACTS, `candidates-restored-${width}.png`), fullPage: true });
      expect(await seriousAxeFindings(page)).toEqual([]);

      await chooseFile(page, file);
      await page.getByRole("button", { name: "Hand in your edit" }).click();
      await expect(page.getByText("Thank you, E2E Cut Off: your edit has been handed in.")).toBeVisible({ timeout: 30_000 });
      // Part 1 was not sent again: the upload went on from where the site had it.
      expect(parts.filter((n) => n === "1")).toHaveLength(1);
      expect(parts).toContain("3");
      // Nothing is kept once the edit has arrived, and a reload finds the page locked.
      expect(await keptKeys(page)).toEqual([]);
      await page.reload();
      await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Access Granted" })).toHaveCount(0);
    });

    test("when a code hands in its three edits, then the count shows before the form each time, and after the third neither the form nor 'Hand in another edit' is offered", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const file = wavFile("e2e-take.wav", 1 * MB);
      const code = `podedit${width}2`;
      await unlock(page, code);
      for (const [i, left] of ["3 more edits", "2 more edits", "1 more edit"].entries()) {
        const count = page.getByText(`You can hand in ${left} with this code.`);
        await expect(count).toBeVisible();
        // The count comes before the form.
        expect(
          await count.evaluate(
            (el, name) => !!(el.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING),
            await page.getByLabel("Your name").elementHandle(),
          ),
        ).toBe(true);
        if (i === 0) await page.screenshot({ path: path.join(ARTIFACTS, `candidates-count-${width}.png`), fullPage: true });
        await fillHandIn(page, file, `E2E Three ${i + 1}`);
        await page.getByRole("button", { name: "Hand in your edit" }).click();
        await expect(page.getByText(`Thank you, E2E Three ${i + 1}: your edit has been handed in.`)).toBeVisible({ timeout: 30_000 });
        if (i < 2) await page.getByRole("button", { name: "Hand in another edit" }).click();
      }
      const usedUp = "This code has already handed in 3 edits, the most one code may. Ask the host if you need to send another.";
      await expect(page.getByText(usedUp)).toBeVisible();
      await expect(page.getByRole("button", { name: "Hand in another edit" })).toHaveCount(0);
      await page.screenshot({ path: path.join(ARTIFACTS, `candidates-third-done-${width}.png`), fullPage: true });

      // Coming back with the same code: the sentence instead of the form.
      await page.goto("/editors");
      await page.getByLabel("Password", { exact: true }).fill(code);
      await page.getByRole("button", { name: "Access Files" }).click();
      await expect(page.getByText(usedUp)).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Hand in your edit" })).toHaveCount(0);
      await expectPageSettled(page);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.screenshot({ path: path.join(ARTIFACTS, `candidates-used-up-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}
