import { request } from "@playwright/test";
import { expect, recordRequests, test } from "./fixtures";
import { SEED } from "./seed";
import { ADMIN_LOGIN } from "./server-state";

/** Known XSS payloads (OWASP cheat sheet and DOMPurify's own list), saved as the footer. */
const PAYLOADS = [
  "<script>alert('xss')</script>",
  "<img src=x onerror=alert('xss')>",
  "<svg onload=alert('xss')>",
  "<a href=\"javascript:alert('xss')\">click</a>",
  "<a href=\"  JaVaScRiPt:alert('xss')\">click</a>",
  "<iframe src=\"javascript:alert('xss')\"></iframe>",
  "<body onload=alert('xss')>",
  "<details open ontoggle=alert('xss')>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert('xss')>",
  "<form><button formaction=javascript:alert('xss')>x</button></form>",
  "<object data=\"javascript:alert('xss')\"></object>",
  "<embed src=\"javascript:alert('xss')\">",
  "<div style=\"background:url(javascript:alert('xss'))\">x</div>",
  '<img src="https://evil.example/pixel.png">',
  "<link rel=stylesheet href=https://evil.example/x.css>",
  '<meta http-equiv=refresh content="0;url=https://evil.example">',
  "<noscript><p title=\"</noscript><img src=x onerror=alert('xss')>\"></noscript>",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzJyk8L3NjcmlwdD4=">x</a>',
];

test("when the footer holds known XSS payloads, then in the browser no dialog fires and no request leaves", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  await admin.post("/api/auth/login", { data: ADMIN_LOGIN });
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const foreign = await recordRequests(page, baseURL!);
  try {
    for (const payload of PAYLOADS) {
      const saved = await admin.post("/api/settings", { data: { key: "footer_content", value: `<p>Footer</p>${payload}` } });
      expect(saved.status()).toBe(200);
      for (const path of ["/", "/about"]) {
        await page.goto(path);
        await expect(page.getByRole("contentinfo")).toContainText("Footer");
        await page
          .getByRole("contentinfo")
          .getByRole("link")
          .first()
          .click({ trial: true, timeout: 500 })
          .catch(() => {});
      }
      await expect(page).toHaveURL(/\/about$/);
    }
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
  } finally {
    await admin.post("/api/settings", { data: { key: "footer_content", value: SEED.settings.footer_content } });
    await admin.dispose();
  }
});
