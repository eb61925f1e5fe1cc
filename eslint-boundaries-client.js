/**
 * The client's rooms as allowlists (ARCHITECTURE.md "Boundaries"), with eslint-plugin-boundaries:
 * every file of client/src/ belongs to one room, and each room names the rooms and packages it may
 * use; anything else fails lint, whether it is reached by `import`, `export ... from`, `import()`
 * or `require()`, by an alias or a relative path, or not resolved at all. The server's rooms are
 * in eslint-boundaries.js. Tests are outside the rooms.
 */
import boundaries from "eslint-plugin-boundaries";

const room = (type, pattern) => ({ type, pattern, partialMatch: false });

/** A file takes the first room whose folder holds it, so the entries (main.tsx, entry-server.tsx) come last. */
const ROOMS = [
  room("shared", "shared"),
  room("client-app", "client/src/app"),
  room("client-pages", "client/src/pages"),
  { type: "client-feature", pattern: "client/src/features/*", partialMatch: false, capture: ["feature"] },
  room("client-components", "client/src/components"),
  room("client-hooks", "client/src/hooks"),
  room("client-lib", "client/src/lib"),
  room("client-entry", "client/src"),
];

/**
 * The features the others build on: the site's settings (its name in every tab title, the feed's
 * address, the texts and switches other features keep there) and the ordered lists (providers,
 * episodes, clips: their query, the order a visitor sees, the admin's list card and writes).
 * Any feature may import them, and hooks their root files (the queries and rules); features
 * other than these stay out of each other's reach.
 */
const BASE_FEATURES = ["settings", "ordered-lists"];

/** Files with a role of their own inside a room. */
const FILES = [
  { category: "schema", pattern: "shared/schema.ts" },
  ...BASE_FEATURES.map((feature) => ({ category: "base", pattern: `client/src/features/${feature}/*.ts` })),
];

const rooms = (types) => ({ element: { type: types } });
const to = (...types) => ({ to: rooms(types) });
const allow = (from, ...targets) => ({ from: rooms(from), allow: targets });
const packages = (...modules) => ({ to: { module: { origin: ["external", "core"], source: modules } } });

const baseRoots = { element: { type: "client-feature" }, file: { categories: "base" } };

const CLIENT = ["client-entry", "client-app", "client-pages", "client-feature", "client-components", "client-hooks", "client-lib"];

const RULES = [
  // Packages, for everyone but where a rule below says otherwise.
  { from: { module: { origin: "local" } }, allow: { to: { module: { origin: ["external", "core"] } } } },
  // A stylesheet a client module loads for its looks (bundled by Vite, no code).
  {
    from: rooms(["client-entry", "client-app", "client-pages", "client-feature", "client-components"]),
    allow: { dependency: { source: ["*.css", "@/*.css", "@uppy/*/css/*.css"] } },
  },
  // The flow: entry → app → pages → features → components → hooks/lib → shared.
  allow("client-entry", to("client-app", "client-pages", "client-feature", "client-components", "client-hooks", "client-lib", "shared")),
  allow("client-app", to("client-app", "client-pages", "client-feature", "client-components", "client-hooks", "client-lib", "shared")),
  allow("client-pages", to("client-pages", "client-feature", "client-components", "client-hooks", "client-lib", "shared")),
  allow(
    "client-feature",
    { to: { element: { type: "client-feature", captured: { feature: "{{ from.element.captured.feature }}" } } } },
    { to: { element: { type: "client-feature", captured: { feature: BASE_FEATURES } } } },
    to("client-components", "client-hooks", "client-lib", "shared"),
  ),
  allow("client-components", to("client-components", "client-hooks", "client-lib", "shared")),
  allow("client-hooks", to("client-hooks", "client-lib", "shared"), { to: baseRoots }),
  allow("client-lib", to("client-lib", "shared")),
  // The browser runs no query and names no table.
  {
    from: rooms(CLIENT),
    disallow: [packages("drizzle-orm", "pg"), { to: { element: { type: "shared" }, file: { categories: "schema" } } }],
    message: "The browser runs no query and names no table.",
  },
];

export const clientBoundariesConfig = {
  files: ["client/src/**/*.{ts,tsx}"],
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  plugins: { boundaries },
  settings: {
    "boundaries/elements": ROOMS,
    "boundaries/files": FILES,
    "boundaries/dependency-nodes": ["import", "export", "dynamic-import", "require"],
    "boundaries/root-path": import.meta.dirname,
    "import/resolver": { typescript: { project: `${import.meta.dirname}/tsconfig.json` } },
  },
  rules: {
    "boundaries/dependencies": ["error", { default: "disallow", checkAllOrigins: true, checkUnknownLocals: true, policies: RULES }],
  },
};
