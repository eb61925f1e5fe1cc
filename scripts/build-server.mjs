// Bundles the server (dist/server/index.js) and its command line (dist/server/cli.js); npm packages stay external (node_modules).
import { build } from "esbuild";

await build({
  entryPoints: { index: "server/index.ts", cli: "server/cli.ts" },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outdir: "dist/server",
  sourcemap: true,
  logLevel: "warning",
});
