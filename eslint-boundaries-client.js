/**
 * The client's rooms as allowlists (ARCHITECTURE.md "Boundaries"), with eslint-plugin-boundaries:
 * every file of client/src/ belongs to one room, and each room names the rooms and packages it may
 * use; anything else fails lint, whether it is reached by `import`, `export ... from`, `import()`
 * or `require()`, by an alias or a relative path, or not resolved at all. The server's rooms are
 * in eslint-boundaries.js. Tests are outside the rooms.
 *
 * The admin's code (each feature's admin/, components/admin/, the admin pages) is apart from a
 * visitor's (the app's shell, the public pages, each feature's root and public/, the other
 * components): a visitor's code never imports it, and the app opens the admin area only by
 * `import()`, as a chunk of its own.
 */
import { allow, ANY_PACKAGE, boundariesOf, packages, room, rooms, to } from "./eslint-boundaries-common.js";

/**
 * A file takes the first room whose folder holds it, so a feature's and the components' admin/
 * come before the rest of them, and the entries (main.tsx, entry-server.tsx) last.
 */
const ROOMS = [
  room("shared", "shared"),
  room("client-app", "client/src/app"),
  room("client-pages", "client/src/pages"),
  { type: "client-feature-admin", pattern: "client/src/features/*/admin", partialMatch: false, capture: ["feature"] },
  { type: "client-feature", pattern: "client/src/features/*", partialMatch: false, capture: ["feature"] },
  room("client-components-admin", "client/src/components/admin"),
  room("client-components", "client/src/components"),
  room("client-hooks", "client/src/hooks"),
  room("client-lib", "client/src/lib"),
  room("client-entry", "client/src"),
];

/**
 * The features the others build on: the site's settings (its name in every tab title, the feed's
 * address, the texts and switches other features keep there) and the ordered lists (providers,
 * episodes, clips: their query, the order a visitor sees, the admin's list card and writes).
 * Any feature may import them (a visitor's part not their admin/), and hooks their root files
 * (the queries and rules); features other than these stay out of each other's reach.
 */
const BASE_FEATURES = ["settings", "ordered-lists"];

/** Files with a role of their own inside a room. */
const FILES = [
  { category: "schema", pattern: "shared/schema.ts" },
  { category: "admin-page", pattern: "client/src/pages/*admin*-page.tsx" },
  ...BASE_FEATURES.map((feature) => ({ category: "base", pattern: `client/src/features/${feature}/*.ts` })),
];

/** The feature's own files, in the given parts of it (its root and public/, or its admin/). */
const sameFeature = (...types) => ({ to: { element: { type: types, captured: { feature: "{{ from.element.captured.feature }}" } } } });
const baseFeatures = (...types) => ({ to: { element: { type: types, captured: { feature: BASE_FEATURES } } } });

const baseRoots = { element: { type: "client-feature" }, file: { categories: "base" } };
const adminPages = { element: { type: "client-pages" }, file: { categories: "admin-page" } };

const CLIENT = [
  "client-entry",
  "client-app",
  "client-pages",
  "client-feature-admin",
  "client-feature",
  "client-components-admin",
  "client-components",
  "client-hooks",
  "client-lib",
];
const BELOW_FEATURES = ["client-components", "client-hooks", "client-lib", "shared"];

const RULES = [
  ANY_PACKAGE,
  // A stylesheet a client module loads for its looks (bundled by Vite, no code).
  {
    from: rooms(CLIENT.filter((type) => type !== "client-hooks" && type !== "client-lib")),
    allow: { dependency: { source: ["*.css", "@/*.css", "@uppy/*/css/*.css"] } },
  },
  // The flow: entry → app → pages → features → components → hooks/lib → shared.
  allow("client-entry", to("client-app", "client-pages", "client-feature", ...BELOW_FEATURES)),
  allow("client-app", to("client-app", "client-pages", "client-feature", ...BELOW_FEATURES)),
  allow("client-pages", to("client-pages", "client-feature", ...BELOW_FEATURES)),
  allow("client-feature", sameFeature("client-feature"), baseFeatures("client-feature"), to(...BELOW_FEATURES)),
  allow("client-components", to(...BELOW_FEATURES)),
  allow("client-hooks", to("client-hooks", "client-lib", "shared"), { to: baseRoots }),
  allow("client-lib", to("client-lib", "shared")),
  // The admin's code, which a visitor's never imports: each rule after this one names who may.
  {
    from: rooms(CLIENT),
    disallow: [to("client-feature-admin", "client-components-admin"), { to: adminPages }],
    message:
      "A visitor's code does not import the admin's (features/*/admin/, components/admin/, the admin pages): the admin area loads as chunks of its own, and no visitor downloads them.",
  },
  // The admin's pages and parts use what a visitor's do, and the admin's.
  { from: adminPages, allow: [to("client-feature-admin", "client-components-admin"), { to: adminPages }] },
  allow(
    "client-feature-admin",
    sameFeature("client-feature", "client-feature-admin"),
    baseFeatures("client-feature", "client-feature-admin"),
    to("client-components-admin", ...BELOW_FEATURES),
  ),
  allow("client-components-admin", to("client-components-admin", ...BELOW_FEATURES)),
  // The app's shell opens the admin area as a lazy chunk: by import() only.
  { from: rooms(["client-app"]), allow: { to: adminPages, dependency: { nodeKind: "dynamic-import" } } },
  // The browser runs no query and names no table.
  {
    from: rooms(CLIENT),
    disallow: [packages("drizzle-orm", "pg"), { to: { element: { type: "shared" }, file: { categories: "schema" } } }],
    message: "The browser runs no query and names no table.",
  },
];

// checkInternals: files of one room are checked too (a public page and an admin page are both pages).
export const clientBoundariesConfig = boundariesOf({
  files: ["client/src/**/*.{ts,tsx}"],
  elements: ROOMS,
  fileRoles: FILES,
  policies: RULES,
  checkInternals: true,
});
