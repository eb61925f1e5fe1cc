import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN_LOGIN } from "./server-state";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

async function expectToast(page: Page, title: string, text: string): Promise<void> {
  // The toast region sits outside the modal dialog; it is found by its class (as in admin.spec.ts).
  const region = page.locator(".toast-root");
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  await expect(region.getByText(text, { exact: true })).toBeVisible();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 844 : 800 } });

    test.beforeEach(async ({ page, baseURL }) => {
      const login = await page.request.post("/api/auth/login", { data: ADMIN_LOGIN, headers: { Origin: baseURL! } });
      expect(login.status()).toBe(200);
      await page.goto("/providers");
      await expect(page.getByRole("heading", { level: 1, name: "Podcast Providers" })).toBeVisible();
    });

    test("when the owner chooses an icon file and leaves the upload dialog by Escape, then a toast says nothing was uploaded, and the icon field stays empty", async ({
      page,
    }) => {
      await page.getByLabel("Name").fill("E2E Escaped Pods");
      await page.getByLabel("URL", { exact: true }).fill("https://example.com/escaped");
      await page.getByRole("button", { name: "Upload Icon" }).click();
      const upload = page.getByRole("dialog", { name: "Upload Provider Icon" });
      await expect(upload).toBeVisible();
      await upload.locator("input[type=file]").first().setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
      await expect(upload.getByRole("button", { name: /Upload 1 file/ })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(upload).toBeHidden();
      await expectToast(page, "Nothing was uploaded", "The picture was not added: upload it again to use it.");
      await expect(page.getByLabel("Icon", { exact: true })).toHaveValue("");
      await page.screenshot({ path: path.join(ARTIFACTS, `upload-dialog-escape-${width}.png`), fullPage: false });

      // Opened again, the dialog has no file left over; closing an empty one says nothing.
      await page.getByRole("button", { name: "Upload Icon" }).click();
      await expect(upload).toBeVisible();
      await expect(upload.getByRole("button", { name: /Upload 1 file/ })).toHaveCount(0);
    });

    test("when the owner leaves the upload dialog by Escape during the upload, then it is cancelled and a toast says so", async ({
      page,
    }) => {
      // The upload's PUT hangs, as on a slow line, until the dialog is left.
      await page.route(
        (url) => url.pathname.startsWith("/api/objects/uploads/"),
        () => undefined,
      );
      await page.getByRole("button", { name: "Upload Icon" }).click();
      const upload = page.getByRole("dialog", { name: "Upload Provider Icon" });
      await upload.locator("input[type=file]").first().setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: PNG });
      const put = page.waitForRequest((r) => r.method() === "PUT" && r.url().includes("/api/objects/uploads/"));
      await upload.getByRole("button", { name: /Upload 1 file/ }).click();
      await put;
      await page.keyboard.press("Escape");
      await expect(upload).toBeHidden();
      await expectToast(page, "Upload cancelled", "The picture was not added: upload it again to use it.");
      await expect(page.getByLabel("Icon", { exact: true })).toHaveValue("");
    });
  });
}
