/**
 * What both sides' boundary configurations (eslint-boundaries.js for the server and shared/,
 * eslint-boundaries-client.js for the browser) are written with: rooms, allowlists and the
 * eslint-plugin-boundaries configuration around them.
 */
import boundaries from "eslint-plugin-boundaries";

/** A room: every file under `pattern` (a folder) belongs to it, unless a room listed before takes it. */
export const room = (type, pattern) => ({ type, pattern, partialMatch: false });
export const rooms = (types) => ({ element: { type: types } });
export const to = (...types) => ({ to: rooms(types) });
export const allow = (from, ...targets) => ({ from: rooms(from), allow: targets });
export const packages = (...modules) => ({ to: { module: { origin: ["external", "core"], source: modules } } });
/** Packages and Node's own modules, for everyone but where a later rule says otherwise. */
export const ANY_PACKAGE = { from: { module: { origin: "local" } }, allow: { to: { module: { origin: ["external", "core"] } } } };

/**
 * The flat-config entry for one side: its files (tests outside the rooms), its rooms and files
 * with roles, and its rules, each import judged by the rules and refused when none allows it,
 * whether reached by `import`, `export ... from`, `import()` or `require()`, by an alias or a
 * relative path, or not resolved at all. `checkInternals` judges imports between files of one
 * room too.
 */
export function boundariesOf({ files, elements, fileRoles, policies, checkInternals = false }) {
  return {
    files,
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    plugins: { boundaries },
    settings: {
      "boundaries/elements": elements,
      "boundaries/files": fileRoles,
      "boundaries/dependency-nodes": ["import", "export", "dynamic-import", "require"],
      "boundaries/root-path": import.meta.dirname,
      "import/resolver": { typescript: { project: `${import.meta.dirname}/tsconfig.json` } },
    },
    rules: {
      "boundaries/dependencies": [
        "error",
        { default: "disallow", checkAllOrigins: true, checkUnknownLocals: true, checkInternals, policies },
      ],
    },
  };
}
