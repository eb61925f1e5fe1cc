import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { adminApi, removeE2EItems } from "./admin-api";
import { STATE_FILE, type ServerState } from "./server-state";

function serverState(): ServerState {
  return JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as ServerState;
}

/**
 * Every test runs against the server that global setup started on a free port. A test that asks
 * for `api` gets a request context logged in as the admin; the E2E items it made are removed after.
 */
export const test = base.extend<{ api: APIRequestContext }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL ?? serverState().baseURL);
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(waitsForAppOnGoto(page, javaScriptEnabled !== false));
  },
  api: async ({ baseURL }, use) => {
    const api = await adminApi(baseURL!);
    await use(api);
    await removeE2EItems(api);
    await api.dispose();
  },
});

export { expect };

/**
 * A page of the app is only usable once the browser has hydrated the server's first
 * paint (a key or tap before that lands on static markup): every `goto` of an HTML page waits for
 * that, as a person waits for the page to respond. Pages without JavaScript are not waited on.
 * The `page` fixture is made so; a page from a context of the test's own is passed through this.
 */
export function waitsForAppOnGoto(page: Page, javaScriptEnabled = true): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const html = (response?.headers()["content-type"] ?? "").startsWith("text/html");
    if (html && javaScriptEnabled) await expectAppReady(page);
    return response;
  };
  return page;
}

/** External requests never reach the network in tests (there is none); they are recorded and refused. */
export async function recordRequests(page: Page, baseURL: string): Promise<string[]> {
  const foreign: string[] = [];
  const own = new URL(baseURL).host;
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol !== "data:" && url.host !== own) foreign.push(req.url());
  });
  await page.route(
    (url) => url.host !== own && url.protocol !== "data:",
    (route) => route.abort(),
  );
  return foreign;
}

/** The browser has hydrated the server's first paint: keys and clicks reach the app. */
export async function expectAppReady(page: Page): Promise<void> {
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
}

/**
 * Waits for the page as a person sees it once it has settled, rather than for the network to go
 * quiet: nothing says "Loading..." any more, the Listen button (where there is one) says its
 * state, and the fonts and every image that is not left to load lazily have arrived. Call it once the page's own heading
 * or content shows.
 */
export async function expectPageSettled(page: Page): Promise<void> {
  await expectAppReady(page);
  await expect(page.getByText(/^Loading\b.*\.\.\.$/)).toHaveCount(0);
  const listen = page.locator("#listen-menu-trigger");
  if ((await listen.count()) > 0) await expect(listen).toHaveAttribute("data-state", /^(open|closed)$/);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.fonts.status === "loaded" && Array.from(document.images).every((img) => img.complete || img.loading === "lazy"),
      ),
    )
    .toBe(true);
}

export const PUBLIC_ROUTES = ["/", "/about", "/listen", "/editors", "/clips/why-pain-is-a-protector"] as const;

/**
 * The admin screens, each with the heading that says it has loaded, whether it lists items, and
 * where its list's items open in a form, that form's heading in edit mode.
 */
export const ADMIN_SCREENS = [
  { route: "/admin", lists: true, name: "admin-dashboard", ready: "Admin Dashboard" },
  { route: "/providers", lists: true, name: "admin-providers-list", ready: "Podcast Providers", editing: "Edit Provider" },
  { route: "/episodes", lists: true, name: "admin-episodes-list", ready: "Episode Management", editing: "Edit Episode" },
  { route: "/admin/clips", lists: true, name: "admin-clips-list", ready: "Clip Management", editing: "Edit Clip" },
  { route: "/admin/editors", lists: false, name: "admin-editors-page", ready: "Editors Page Management" },
  { route: "/admin/about", lists: false, name: "admin-about-page", ready: "About Page & Pictures" },
  { route: "/admin/auditions", lists: false, name: "admin-auditions", ready: "Audition Hand-ins" },
  { route: "/admin/analytics", lists: false, name: "admin-analytics", ready: "Analytics" },
] as const;

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** How much axe says a finding hurts, mildest first. */
export type AxeImpact = "minor" | "moderate" | "serious" | "critical";

/**
 * axe's findings on the page as it is now whose impact is one of `impacts` (serious and critical
 * unless told): WCAG 2.0 and 2.1, A and AA, and best practice, with one rule axe leaves out unless
 * asked (it files it as experimental): a control's visible words inside its accessible name
 * (WCAG 2.5.3), so a spoken label finds it. Each finding reads "rule: help (the elements)".
 */
export async function axeFindings(
  page: Page,
  { impacts = ["serious", "critical"], tags = AXE_TAGS }: { impacts?: AxeImpact[]; tags?: string[] } = {},
): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(tags)
    .analyze();
  return results.violations
    .filter((v) => v.impact != null && impacts.includes(v.impact))
    .map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** axe's serious and critical findings on the page as it is now (see `axeFindings`). */
export async function seriousAxeFindings(page: Page, tags = AXE_TAGS): Promise<string[]> {
  return axeFindings(page, { tags });
}
