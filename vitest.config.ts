import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["shared/**/*.test.ts", "server/**/*.test.ts", "client/**/*.test.{ts,tsx}"],
          exclude: ["**/*.api.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
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
    ],
  },
});
