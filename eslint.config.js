// Lint for what a type checker cannot see: security smells (eslint-plugin-security),
// unsanitised DOM sinks (eslint-plugin-no-unsanitized), patterns open to ReDoS (eslint-plugin-regexp),
// and TypeScript's recommended rules.
import js from "@eslint/js";
import noUnsanitized from "eslint-plugin-no-unsanitized";
import security from "eslint-plugin-security";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import regexp from "eslint-plugin-regexp";
import tseslint from "typescript-eslint";
import { boundariesConfig } from "./eslint-boundaries.js";
import { clientBoundariesConfig } from "./eslint-boundaries-client.js";

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "e2e/artifacts/**", "test-results/**", "bench/.tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  security.configs.recommended,
  noUnsanitized.configs.recommended,
  // The rooms of the house as allowlists: the server's and shared/ (eslint-boundaries.js), the client's (eslint-boundaries-client.js).
  boundariesConfig,
  clientBoundariesConfig,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
    rules: {
      // Flags every obj[key]; the keys here come from typed unions and allowlists, and the
      // false positives would bury the findings that matter.
      "security/detect-object-injection": "off",
      // Guesses by star height (15 warnings here, each a pattern such as /^[a-z0-9]+(-[a-z0-9]+)*$/
      // that cannot backtrack); eslint-plugin-regexp's rules below analyse each pattern instead,
      // as errors.
      "security/detect-unsafe-regex": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Regular-expression denial of service: a pattern that backtracks or is retried from every
    // position turns a long input (a 16 KB path of slashes) into seconds of CPU.
    plugins: { regexp },
    rules: {
      "regexp/no-super-linear-backtracking": ["error", { report: "potential" }],
      "regexp/no-super-linear-move": ["error", { report: "potential", ignorePartial: false, ignoreSticky: false }],
    },
  },
  {
    files: ["client/**"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // What a visitor's first page loads reads and never writes: the features' api.ts (queries,
    // the settings' and the ordered lists' among them), and the app's shell that seeds them.
    // Writes live in each feature's mutations.ts (admin/mutations.ts when only the admin writes)
    // and features/ordered-lists/admin/crud.ts, which only the admin's screens (and the
    // audition's unlock and form) import, so useMutation stays out of the shared entry.
    files: ["client/src/features/*/api.ts", "client/src/app/**", "client/src/main.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "@tanstack/react-query", importNames: ["useMutation"], message: "Writes go in the feature's mutations.ts." }],
          patterns: [
            {
              group: ["**/mutations", "**/single-mutation", "**/crud"],
              message: "Writes go in mutations.ts, which a visitor's first page does not load.",
            },
          ],
        },
      ],
    },
  },
  {
    // Short functions: a function that does not fit a screen, or has more than 20 paths through
    // it, is split into named steps (docs/decisions/018-modules-over-a-platform.md). Tests are
    // excepted: a test reads best as one story.
    files: ["server/**/*.ts", "client/src/**/*.{ts,tsx}", "shared/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "max-lines-per-function": ["error", { max: 120, skipBlankLines: true, skipComments: true }],
      complexity: ["error", 20],
    },
  },
  {
    // Playwright fixtures take an empty destructuring pattern by design.
    files: ["e2e/**"],
    rules: { "no-empty-pattern": "off" },
  },
  {
    // Tests and scripts build paths from their own temporary folders.
    files: ["**/*.test.ts", "**/*.api.test.ts", "e2e/**", "scripts/**", "bench/**", "server/test/**"],
    rules: {
      "security/detect-non-literal-fs-filename": "off",
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-non-null-assertion": "off",
    },
  },
);
