import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // The client's import aliases (vite.config.ts), so its modules can be tested as they are.
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "client/src"),
      "@shared": path.resolve(import.meta.dirname, "shared"),
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["shared/**/*.test.ts", "server/**/*.test.ts", "client/**/*.test.{ts,tsx}"],
          exclude: ["**/*.api.test.ts", "**/*.component.test.tsx", "node_modules/**"],
          environment: "node",
        },
      },
      {
        // The client's behaviour-heavy parts rendered in a DOM (jsdom) with Testing Library: a
        // regression shows in seconds, before the browser tests.
        extends: true,
        test: {
          name: "component",
          include: ["client/**/*.component.test.tsx"],
          environment: "jsdom",
          setupFiles: ["client/src/test/setup-dom.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["server/**/*.api.test.ts"],
          globalSetup: ["server/test/global-setup.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: two test files at a time, each on its own database.
          maxWorkers: 2,
        },
      },
      {
        // The visitor's journeys in WebKit and Firefox (e2e/engines), beside Playwright's Chromium run:
        // one file per engine, the two at once, against one built app.
        extends: true,
        test: {
          name: "engines",
          include: ["e2e/engines/**/*.engines.test.ts"],
          globalSetup: ["e2e/engines/global-setup.ts"],
          environment: "node",
          testTimeout: 90_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
