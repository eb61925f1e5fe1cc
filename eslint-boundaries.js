/**
 * The server's rooms as allowlists (ARCHITECTURE.md "Boundaries"), with
 * eslint-plugin-boundaries: every file of server/ and shared/ belongs to one room (the client's
 * are in eslint-boundaries-client.js),
 * and each room names the rooms and packages it may use; anything else fails lint, whether it is
 * reached by `import`, `export ... from`, `import()` or `require()`, by an alias or a relative
 * path, or not resolved at all. Tests, scripts and benchmarks are outside the rooms.
 */
import boundaries from "eslint-plugin-boundaries";

const room = (type, pattern) => ({ type, pattern, partialMatch: false });

/**
 * Rooms are folders; a file takes the first room whose folder holds it, so the deeper folders
 * come first and the root (the server's composition root and edges: app.ts, index.ts, config.ts)
 * last.
 */
const ROOMS = [
  room("server-routes", "server/routes"),
  room("server-services", "server/services"),
  room("server-storage", "server/storage"),
  room("server-db", "server/db"),
  room("server-auth", "server/auth"),
  room("server-lib", "server/lib"),
  room("server-objects", "server/objects"),
  room("server-feed", "server/feed"),
  room("server-people", "server/people"),
  room("server-auditions", "server/auditions"),
  room("server-analytics", "server/analytics"),
  room("server-test", "server/test"),
  room("server-root", "server"),
  room("shared", "shared"),
];

/** Files with a role of their own inside a room: the only ones that name tables. */
const FILES = [
  { category: "schema", pattern: "shared/schema.ts" },
  { category: "queries", pattern: "server/feed/storage.ts" },
  { category: "queries", pattern: "server/people/storage.ts" },
  { category: "queries", pattern: "server/auditions/storage.ts" },
  { category: "queries", pattern: "server/analytics/storage.ts" },
];

const rooms = (types) => ({ element: { type: types } });
const to = (...types) => ({ to: rooms(types) });
const allow = (from, ...targets) => ({ from: rooms(from), allow: targets });
const disallow = (from, target, message) => ({ from: rooms(from), disallow: target, message });
/** Type-only imports: naming a room's types ties nothing at run time. */
const typesOf = (...types) => ({ to: rooms(types), dependency: { kind: "type" } });
const packages = (...modules) => ({ to: { module: { origin: ["external", "core"], source: modules } } });

const QUERY_PACKAGES = ["drizzle-orm", "pg"];
const schema = { element: { type: "shared" }, file: { categories: "schema" } };
const feedStorage = { element: { type: "server-feed" }, file: { categories: "queries" } };
const peopleStorage = { element: { type: "server-people" }, file: { categories: "queries" } };
const auditionStorage = { element: { type: "server-auditions" }, file: { categories: "queries" } };
const analyticsStorage = { element: { type: "server-analytics" }, file: { categories: "queries" } };
const SERVER = [
  "server-root",
  "server-routes",
  "server-services",
  "server-storage",
  "server-db",
  "server-auth",
  "server-lib",
  "server-objects",
  "server-feed",
  "server-people",
  "server-auditions",
  "server-analytics",
  "server-test",
];

const RULES = [
  // Packages and Node's own modules, for everyone but where a rule below says otherwise.
  { from: { module: { origin: "local" } }, allow: { to: { module: { origin: ["external", "core"] } } } },
  // The server. Flow: root → routes → services → storage → db; lib, auth, objects beside.
  allow("server-root", to(...SERVER, "shared")),
  allow("server-test", to(...SERVER, "shared")),
  allow(
    "server-routes",
    to("server-routes", "server-services", "server-auth", "server-lib", "shared"),
    typesOf("server-objects", "server-feed", "server-people", "server-db"),
  ),
  allow(
    "server-services",
    to("server-services", "server-storage", "server-auth", "server-lib", "server-feed", "server-objects", "shared"),
    typesOf("server-db", "server-people"),
  ),
  allow(
    "server-feed",
    to("server-feed", "server-storage", "server-lib", "shared"),
    { to: peopleStorage },
    typesOf("server-db", "server-services"),
  ),
  // The people the feed names: their queries, and the service pages read them through.
  allow("server-people", to("server-people", "server-lib", "shared"), typesOf("server-db", "server-services")),
  allow("server-feed", to("server-feed", "server-storage", "server-lib", "shared"), typesOf("server-db", "server-services")),
  // The audition hand-ins: routes, service, storage and the audio check in one room, on the
  // object store's large files, the auth room's guards and throttle, and lib.
  allow(
    "server-auditions",
    to("server-auditions", "server-auth", "server-lib", "server-objects", "shared"),
    typesOf("server-db", "server-services"),
  ),
  // The owner's analytics: beacons before Express, their counting and storage, the admin's report.
  allow("server-analytics", to("server-analytics", "server-auth", "server-lib", "shared"), typesOf("server-db")),
  allow("server-storage", to("server-storage", "server-db", "server-lib", "shared")),
  allow("server-db", to("server-db", "server-lib", "shared")),
  allow("server-auth", to("server-auth", "server-storage", "server-lib", "shared"), typesOf("server-db")),
  allow("server-lib", to("server-lib", "shared")),
  allow("server-objects", to("server-objects", "server-lib", "shared"), typesOf("server-root")),
  // Only storage (and the pool's own room, and the feed's storage) run queries or name tables.
  {
    // Every server room but storage, db (the pool) and the tests.
    from: rooms([...SERVER.filter((room) => !["server-storage", "server-db", "server-test"].includes(room))]),
    disallow: [packages(...QUERY_PACKAGES), { to: schema }],
    message:
      "Only server/storage/ runs queries and names tables (db/ holds the pool; the feed's, the people's, the auditions' and the analytics' rooms have their storage.ts).",
  },
  { from: rooms(["server-root", "server-test"]), allow: { to: schema } },
  {
    from: rooms(["server-services", "server-auth", "server-routes"]),
    allow: [
      { ...packages(...QUERY_PACKAGES), dependency: { kind: "type" } },
      { to: schema, dependency: { kind: "type" } },
    ],
  },
  { from: feedStorage, allow: [packages(...QUERY_PACKAGES), { to: schema }, { to: rooms(["server-db"]) }] },
  { from: peopleStorage, allow: [packages(...QUERY_PACKAGES), { to: schema }, { to: rooms(["server-db"]) }] },
  { from: auditionStorage, allow: [packages(...QUERY_PACKAGES), { to: schema }, { to: rooms(["server-db"]) }] },
  { from: analyticsStorage, allow: [packages(...QUERY_PACKAGES), { to: schema }, { to: rooms(["server-db"]) }] },
  // shared/ is used by both sides and imports neither; only its schema names drizzle.
  allow("shared", to("shared")),
  disallow(
    "shared",
    packages("express", "express-*", "pg", "react", "react-dom", "wouter", "@tanstack/*", "node:*", "drizzle-orm"),
    "shared/ is used by both sides: no server or browser package (only its schema names drizzle).",
  ),
  { from: schema, allow: packages("drizzle-orm", "drizzle-orm/*") },
];

export const boundariesConfig = {
  files: ["server/**/*.ts", "shared/**/*.ts"],
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
