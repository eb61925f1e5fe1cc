// Bundles the server (dist/server/index.js), its command line (dist/server/cli.js) and its two
// workers (dist/server/share-image-worker.js, feed-worker.js); npm packages stay external (node_modules).
import { build } from "esbuild";

await build({
  // Each worker is a module of its own: piscina loads it by path in a worker thread.
  entryPoints: {
    index: "server/index.ts",
    cli: "server/cli.ts",
    "share-image-worker": "server/services/share-image-worker.ts",
    "feed-worker": "server/feed/worker.ts",
  },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outdir: "dist/server",
  sourcemap: true,
  logLevel: "warning",
});
