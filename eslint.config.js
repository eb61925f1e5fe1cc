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

/**
 * The rooms of the house (ARCHITECTURE.md "Boundaries"): each block names what a folder may not
 * import. Server: routes → services → storage → db, only storage/ runs queries, the pool stays in
 * db/ and storage/. Client: app → pages → features → components → lib → shared, no feature
 * importing another. shared/ imports neither side.
 */
const restrict = (files, patterns) => ({
  files,
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns }] },
});
const forbid = (group, message, allowTypeImports = false) => ({ group, message, allowTypeImports });
const queries = forbid(["drizzle-orm", "drizzle-orm/*", "pg"], "Only server/storage/ runs queries (and db/ holds the pool).", true);
const relativeMessage = "Reach another room of the client through @/, not a relative path.";
const relative = forbid(["../../*"], relativeMessage);
const features = ["auth", "clips", "editors", "episodes", "feed", "identity", "player", "providers", "settings", "theme"];
const boundaries = [
  restrict(["server/routes/**"], [
    forbid(["**/storage/*", "**/db/*"], "Routes call services; services call storage."),
    forbid(["drizzle-orm", "drizzle-orm/*", "pg"], "Routes run no queries."),
  ]),
  restrict(["server/services/**"], [
    forbid(["**/routes/*"], "Services know nothing of HTTP routes."),
    forbid(["**/db/*", "**/shared/schema"], "Services name no table: they call storage/.", true),
    queries,
  ]),
  // The feed's room keeps its queries in its own storage.ts (below).
  { ...restrict(["server/auth/**", "server/lib/**", "server/objects/**", "server/feed/**"], [
    forbid(["**/routes/*"], "Only app.ts mounts routes."),
    forbid(["**/db/*", "**/shared/schema"], "Queries live in storage/.", true),
    queries,
  ]), ignores: ["server/feed/storage.ts"] },
  restrict(["server/storage/**", "server/feed/storage.ts"], [forbid(["**/routes/*", "**/services/*", "**/auth/*"], "Storage sits below services and routes.")]),
  restrict(["shared/**"], [forbid(["**/server/**", "**/client/**", "@/*"], "shared/ is used by both sides and imports neither.")]),
  // Client rules for one file group replace those of an earlier matching group (flat config
  // merges rule options by replacing them), so the catch-all comes first and every group
  // repeats it. Another room is reached through the @/ alias, where the rules see it: a relative
  // path stays inside its own folder.
  restrict(["client/src/**"], [relative]),
  restrict(["client/src/components/**"], [relative, forbid(["@/features/*", "@/pages/*", "@/app/*"], "Components sit below features, pages and the app.")]),
  restrict(["client/src/lib/**", "client/src/hooks/**"], [
    relative,
    forbid(["@/components/*", "@/features/*", "@/pages/*", "@/app/*"], "lib/ and hooks/ sit below everything else in the client."),
  ]),
  restrict(["client/src/pages/**"], [relative, forbid(["@/app/*"], "Pages sit below the app.")]),
  ...features.flatMap((feature) => {
    const rules = [
      relative,
      forbid(["@/features/*", `!@/features/${feature}`, `!@/features/${feature}/*`], "A feature never imports another: move what both need to components/ or lib/."),
      forbid(["@/pages/*", "@/app/*"], "Features sit below pages and the app."),
    ];
    // A feature's own root files (api.ts) reach only their subfolders relatively.
    return [restrict([`client/src/features/${feature}/**`], rules), restrict([`client/src/features/${feature}/*.{ts,tsx}`], [...rules, forbid(["../*"], relativeMessage)])];
  }),
];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "data/**", "e2e/artifacts/**", "test-results/**", "bench/.tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  security.configs.recommended,
  noUnsanitized.configs.recommended,
  ...boundaries,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node } },
    rules: {
      // Flags every obj[key]; the keys here come from typed unions and allowlists, and the
      // false positives would bury the findings that matter.
      "security/detect-object-injection": "off",
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
