import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Browser tests against the built app, started as `npm start` would run it, on a fresh temporary
 * database (global-setup.ts). Chromium is Debian's (scripts/ensure-chromium.sh), never a download.
 */
export default defineConfig({
  testDir: here,
  testMatch: "**/*.spec.ts",
  outputDir: path.join(here, "test-results"),
  globalSetup: path.join(here, "global-setup.ts"),
  globalTeardown: path.join(here, "global-teardown.ts"),
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
