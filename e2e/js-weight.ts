import zlib from "node:zlib";
import type { Browser } from "@playwright/test";

/** The JavaScript budget of a visitor's page (docs/style.md): at most this much gzipped, aiming for the goal. */
export const JS_BUDGET_BYTES = 100 * 1024;
export const JS_GOAL_BYTES = 80 * 1024;

/** Words only the admin area's code holds: none of them may reach a visitor. */
const ADMIN_MARKERS = [
  "@uppy",
  "uppy-Dashboard",
  "Theme Selector - Dramatic Gradients",
  "Save All Changes",
  "Refresh Content Feed",
  // The show notes' editor (Tiptap on ProseMirror).
  "ProseMirror",
];

/**
 * Words only the message form's lazy chunk holds (the recorder's types, the challenge's address):
 * a page loads them only once the listener chooses how to send a message.
 */
export const MESSAGE_FORM_MARKERS = ["audio/webm;codecs=opus", "/api/messages/challenge"];
/** What /message may add to a visitor's JavaScript before the form is opened: its own chunks, gzipped. */
export const MESSAGE_PAGE_OWN_BYTES = 2 * 1024;

export interface PageWeight {
  path: string;
  /**
   * Every script the page loaded until it went idle (chunks loaded on idle included), gzipped at
   * level 9, with the words the page carries for them (its catalogue, `catalogueGzipBytes`).
   */
  jsGzipBytes: number;
  /** The page's words for the browser (the `messages` script of its HTML), gzipped at level 9. */
  catalogueGzipBytes: number;
  scripts: { url: string; gzipBytes: number }[];
  /** Requests to any other host before the visitor did anything. */
  foreign: string[];
  adminCode: string[];
  /** The message form's words (MESSAGE_FORM_MARKERS) found in what the page loaded. */
  messageFormCode: string[];
}

/**
 * What a browser downloads for a public page, measured in Chromium as a visitor's first visit
 * (an empty cache): every script it loads until the page has gone idle, each counted at its
 * gzipped size so the figure does not depend on which encoding the server chose.
 */
export async function measurePage(
  browser: Browser,
  baseURL: string,
  path: string,
  viewport = { width: 390, height: 844 },
): Promise<PageWeight> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const own = new URL(baseURL).host;
  const foreign: string[] = [];
  const bodies: Promise<{ url: string; body: Buffer }>[] = [];
  await page.route(
    (url) => url.host !== own && url.protocol !== "data:",
    (route) => {
      foreign.push(route.request().url());
      return route.abort();
    },
  );
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" && new URL(response.url()).host === own)
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
  });
  await page.goto(baseURL + path);
  await page.locator("html[data-app-ready]").waitFor({ state: "attached" });
  // Idle twice, with the network quiet between: what the page loads "when idle" is counted too.
  for (let i = 0; i < 2; i++) {
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
  }
  await page.waitForLoadState("networkidle");
  const catalogue = (await page.locator("script#messages").textContent()) ?? "";
  const scripts = await Promise.all(bodies);
  await context.close();
  const adminCode: string[] = [];
  const messageFormCode: string[] = [];
  const measured = scripts.map(({ url, body }) => {
    const text = body.toString("utf8");
    for (const marker of ADMIN_MARKERS) if (text.includes(marker)) adminCode.push(`${new URL(url).pathname} holds "${marker}"`);
    for (const marker of MESSAGE_FORM_MARKERS)
      if (text.includes(marker)) messageFormCode.push(`${new URL(url).pathname} holds "${marker}"`);
    return { url: new URL(url).pathname, gzipBytes: zlib.gzipSync(body, { level: 9 }).length };
  });
  const catalogueGzipBytes = zlib.gzipSync(catalogue, { level: 9 }).length;
  const jsGzipBytes = measured.reduce((sum, s) => sum + s.gzipBytes, catalogueGzipBytes);
  return { path, jsGzipBytes, catalogueGzipBytes, scripts: measured, foreign, adminCode, messageFormCode };
}

/** The path of the first person's page the sitemap names, if it names one. */
export async function sitemapPersonPath(baseURL: string): Promise<string | undefined> {
  return /<loc>[^<]*?(\/people\/[^<]+)<\/loc>/.exec(await (await fetch(`${baseURL}/sitemap.xml`)).text())?.[1];
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
