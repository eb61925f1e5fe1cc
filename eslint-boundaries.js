/**
 * The server's house as allowlists (ARCHITECTURE.md "Boundaries"), with eslint-plugin-boundaries.
 * Every file of server/ and shared/ belongs to one room (the client's rooms are in
 * eslint-boundaries-client.js), and each room names the rooms and packages it may use; anything
 * else fails lint, whether it is reached by `import`, `export ... from`, `import()` or
 * `require()`, by an alias or a relative path, or not resolved at all. Tests, scripts and
 * benchmarks are outside the rooms.
 *
 * One rule for every business: a module (server/modules/<name>/) uses its own files, the
 * platform, shared/ and other modules through their door (their index.ts) only; the platform
 * (server/platform/) knows no module; the composition root (server/*.ts) wires modules by their
 * doors. A new module needs no line here.
 */
import { allow, ANY_PACKAGE, boundariesOf, packages, room, rooms, to } from "./eslint-boundaries-common.js";

/** A file takes the first room whose folder holds it: the root (app.ts, index.ts, cli.ts, config.ts) last. */
const ROOMS = [
  { type: "module", pattern: "server/modules/*", partialMatch: false, capture: ["module"] },
  room("platform", "server/platform"),
  room("server-test", "server/test"),
  room("root", "server"),
  room("shared", "shared"),
];

/**
 * Files with a role of their own: a module's door (its index.ts), and the files that run queries
 * and name tables: each module's storage.ts, the platform's pool and its own tables
 * (platform/db/, platform/<part>/storage.ts), and the schema itself.
 */
const FILES = [
  { category: "door", pattern: "server/modules/*/index.ts" },
  { category: "schema", pattern: "shared/schema.ts" },
  { category: "queries", pattern: "server/modules/*/storage.ts" },
  { category: "queries", pattern: "server/platform/*/storage.ts" },
  { category: "queries", pattern: "server/platform/db/*.ts" },
];

/** The same module as the importing file's. */
const sameModule = (type) => ({ to: { element: { type, captured: { module: "{{ from.element.captured.module }}" } } } });

const QUERY_PACKAGES = ["drizzle-orm", "pg"];
const schema = { element: { type: "shared" }, file: { categories: "schema" } };
const door = { element: { type: "module" }, file: { categories: "door" } };
const SERVER = ["module", "platform", "server-test", "root"];

const RULES = [
  ANY_PACKAGE,
  allow("root", to("platform", "server-test", "root", "shared"), { to: door }),
  allow("server-test", to(...SERVER, "shared")),
  // A module: its own files, any module's door, the platform and shared/.
  allow("module", sameModule("module"), { to: door }, to("platform", "shared")),
  // A door names its own module's files and nothing else.
  { from: door, disallow: { to: door }, message: "A module's door (index.ts) names its own module's files only." },
  // The platform knows no module (the root's Config only as a type).
  allow("platform", to("platform", "shared"), { to: rooms(["root"]), dependency: { kind: "type" } }),
  // Only the query files run queries or name tables; anyone on the server may name their types.
  {
    from: rooms(["module", "platform", "root"]),
    disallow: [packages(...QUERY_PACKAGES), { to: schema }],
    message:
      "Only a module's storage.ts (and the platform's db/ and <part>/storage.ts) runs queries and names tables; others may import their types.",
  },
  {
    from: rooms(["module", "platform", "root"]),
    allow: [
      { ...packages(...QUERY_PACKAGES), dependency: { kind: "type" } },
      { to: schema, dependency: { kind: "type" } },
    ],
  },
  { from: { file: { categories: "queries" } }, allow: [packages(...QUERY_PACKAGES), { to: schema }] },
  { from: rooms(["root", "server-test"]), allow: { to: schema } },
  // shared/ is used by both sides and imports neither; only its schema names drizzle.
  allow("shared", to("shared")),
  {
    from: rooms(["shared"]),
    disallow: packages("express", "express-*", "pg", "react", "react-dom", "wouter", "@tanstack/*", "node:*", "drizzle-orm"),
    message: "shared/ is used by both sides: no server or browser package (only its schema names drizzle).",
  },
  { from: schema, allow: packages("drizzle-orm", "drizzle-orm/*") },
];

export const boundariesConfig = boundariesOf({
  files: ["server/**/*.ts", "shared/**/*.ts"],
  elements: ROOMS,
  fileRoles: FILES,
  policies: RULES,
});
