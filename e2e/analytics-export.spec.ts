import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { serveFilledReport } from "./analytics-report";
import { expect, test } from "./fixtures";
import { ADMIN_LOGIN } from "./server-state";

const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "artifacts");

/** Each table of the screen: its card's name, its download link's name, and the header row of its CSV. */
const TABLES = [
  { region: "Pages", link: "Download pages (CSV)", table: "pages", header: "path,pageviews,visitors" },
  { region: "Where visitors came from", link: "Download referrers (CSV)", table: "referrers", header: "source,visitors" },
  { region: "Campaigns", link: "Download campaigns (CSV)", table: "campaigns", header: "campaign,visitors" },
  {
    region: "Episodes played on the site",
    link: "Download episodes (CSV)",
    table: "episodes",
    header: "slug,title,plays,listens,reached.25,reached.50,reached.75,reached.100",
  },
  { region: "Platforms chosen", link: "Download platforms (CSV)", table: "providers", header: "id,name,clicks" },
  { region: "Clips started", link: "Download clips (CSV)", table: "clips", header: "slug,title,plays" },
  { region: "Archive searches", link: "Download searches (CSV)", table: "searches", header: "q,count,results" },
  { region: "Devices", link: "Download devices (CSV)", table: "devices", header: "kind,visitors" },
  { region: "Browsers", link: "Download browsers (CSV)", table: "browsers", header: "name,visitors" },
] as const;

/** The owner on /admin/analytics, a custom range shown, every table filled (the report is served by the test; the CSVs by the server). */
async function openAnalytics(page: Page, baseURL: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 768 ? 844 : 900 });
  await serveFilledReport(page);
  const login = await page.request.post("/api/auth/login", { data: ADMIN_LOGIN, headers: { Origin: baseURL } });
  expect(login.status()).toBe(200);
  await page.goto("/admin/analytics");
  await page.getByRole("radio", { name: "Custom range" }).check();
  await page.getByLabel("From", { exact: true }).fill("2026-03-10");
  await page.getByLabel("To", { exact: true }).fill("2026-03-16");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: /2026-03-10 to 2026-03-16/ })).toBeVisible();
}

for (const width of [390, 1280]) {
  test(`when the owner reads the analytics at ${width} px, then every table has its own CSV download for the range shown, reached by keyboard, and a download is that table's CSV`, async ({
    page,
    baseURL,
  }) => {
    await openAnalytics(page, baseURL!, width);
    for (const { region, link, table } of TABLES) {
      const download = page.getByRole("region", { name: region }).getByRole("link", { name: link, exact: true });
      await expect(download, table).toBeVisible();
      await expect(download, table).toHaveAttribute("href", `/api/analytics/export.csv?from=2026-03-10&to=2026-03-16&table=${table}`);
      await expect(download, table).toHaveAttribute("download", "");
    }
    // Nothing on the page scrolls sideways for the links.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(ARTIFACTS, `admin-analytics-downloads-${width}.png`), fullPage: true });

    // By keyboard: Tab from the pages' heading reaches its link, and Enter downloads its CSV.
    const pagesLink = page.getByRole("link", { name: "Download pages (CSV)" });
    await page.getByRole("region", { name: "Where visitors came from" }).getByRole("heading").click();
    await page.keyboard.press("Shift+Tab");
    for (let i = 0; i < 5 && !(await pagesLink.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Shift+Tab");
    await expect(pagesLink).toBeFocused();
    const [byKey] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
    expect(byKey.suggestedFilename()).toBe("analytics-pages-2026-03-10-to-2026-03-16.csv");
    expect(fs.readFileSync((await byKey.path())!, "utf8").split("\r\n")[0]).toBe("path,pageviews,visitors");

    // Every other table's file, by a click: its header row, nothing but its header for a range without counts.
    for (const { region, link, table, header } of TABLES.slice(1)) {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("region", { name: region }).getByRole("link", { name: link }).click(),
      ]);
      expect(file.suggestedFilename(), table).toBe(`analytics-${table}-2026-03-10-to-2026-03-16.csv`);
      expect(fs.readFileSync((await file.path())!, "utf8"), table).toBe(`${header}\r\n`);
    }
  });
}
