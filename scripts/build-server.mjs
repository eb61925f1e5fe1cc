// Bundles the server (dist/server/index.js), its command line (dist/server/cli.js) and its two
// workers (dist/server/share-image-worker.js, feed-worker.js). npm packages stay external
// (node_modules), but for the ones named in BUNDLED.
import { build } from "esbuild";

/**
 * Packages bundled into the server's files: pure ES modules of many small files each, which Node
 * loads one by one at every start. drizzle-orm's PostgreSQL driver is some 450 modules and took
 * about 0.5 s of a 1.4 s cold start to load (measured on Node 24); bundled, about 30 ms.
 */
const BUNDLED = /^(drizzle-orm|zod)(\/|$)/;

/** Every other package is imported from node_modules at run time, as Node resolves it. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

await build({
  // Each worker is a module of its own: piscina loads it by path in a worker thread.
  entryPoints: {
    index: "server/index.ts",
    cli: "server/cli.ts",
    "share-image-worker": "server/modules/share-images/worker.ts",
    "feed-worker": "server/modules/feed/worker.ts",
    "message-audio-worker": "server/modules/messages/audio-worker.ts",
  },
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  plugins: [externalPackages],
  outdir: "dist/server",
  sourcemap: true,
  logLevel: "warning",
});
