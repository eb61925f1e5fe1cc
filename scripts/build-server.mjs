// Bundles the server into dist/server/index.js; npm packages stay external (node_modules).
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outfile: "dist/server/index.js",
  sourcemap: true,
  logLevel: "warning",
});
