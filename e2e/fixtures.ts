import fs from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { STATE_FILE, type ServerState } from "./server-state";

function serverState(): ServerState {
  return JSON.parse(fs.readFileSync(STATE_FILE, "utf8")) as ServerState;
}

/** Every test runs against the server that global setup started on a free port. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL ?? serverState().baseURL);
  },
});

export { expect };

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

export const PUBLIC_ROUTES = ["/", "/about", "/listen", "/editors", "/clips/why-pain-is-a-protector"] as const;
