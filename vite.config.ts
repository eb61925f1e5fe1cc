import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compileCatalogue, type Catalogue } from "./shared/locales/compile";

/**
 * A message catalogue (shared/locales/<language>/<part>.json) reaches the browser compiled for
 * Lingui's runtime, which has no ICU parser: still JSON, so Vite's own JSON handling goes on.
 */
const catalogues = (): Plugin => ({
  name: "compile-catalogues",
  enforce: "pre",
  transform(code, id) {
    if (!/[\\/]shared[\\/]locales[\\/][\w-]+[\\/][\w-]+\.json$/.test(id)) return null;
    return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Catalogue)), map: null };
  },
});

const apiPort = Number(process.env.API_PORT ?? 5001);

/**
 * The app runs on Preact, not React: every import of React (ours and the libraries') is pointed at
 * preact/compat, the way Preact documents it (https://preactjs.com/guide/v10/getting-started#aliasing-react-to-preact).
 * `react` also covers react/jsx-runtime, and `react-dom` covers react-dom/client and react-dom/server
 * (preact/compat/client, preact/compat/server). The code is type-checked against React's types,
 * which preact/compat follows; the component tests (vitest.config.ts) still render on React
 * (docs/decisions/021-preact.md).
 */
export const preactAliases = {
  react: "preact/compat",
  "react-dom/test-utils": "preact/test-utils",
  "react-dom": "preact/compat",
};

/** The packages the server's renderer imports that import React themselves: bundled, so the alias reaches them too. */
const usesReact = ["wouter", "@tanstack/react-query", "@tanstack/query-core", "@lingui/react", "use-debounce", "use-sync-external-store"];

// `vite build` makes the browser's bundle in dist/client; `vite build --ssr src/entry-server.tsx`
// makes the server's first-paint renderer in dist/ssr (server/modules/pages/routes.ts).
export default defineConfig(({ isSsrBuild }) => ({
  root: path.resolve(import.meta.dirname, "client"),
  plugins: [catalogues(), react(), tailwindcss()],
  resolve: {
    alias: {
      ...preactAliases,
      "@": path.resolve(import.meta.dirname, "client/src"),
      "@shared": path.resolve(import.meta.dirname, "shared"),
      // The framework's own hook instead of the shim for React 17 that wouter imports (0.35 KB on every page).
      "use-sync-external-store/shim/index.js": path.resolve(import.meta.dirname, "client/src/lib/sync-external-store.ts"),
    },
  },
  // The platform icons are bundled into the server's renderer too (only the few used), so it does
  // not load these whole icon sets, which are build-time packages, at run time.
  // The libraries that import React are bundled too, so that they render with Preact as the pages do.
  ssr: { noExternal: ["simple-icons", "@fortawesome/free-brands-svg-icons", "@fortawesome/free-solid-svg-icons", ...usesReact] },
  build: {
    outDir: path.resolve(import.meta.dirname, isSsrBuild ? "dist/ssr" : "dist/client"),
    emptyOutDir: true,
    copyPublicDir: !isSsrBuild,
    sourcemap: !!process.env.SOURCEMAP,
    // Which chunks each page needs: the server names a route's chunks in its head (server/modules/pages/route-chunks.ts).
    manifest: !isSsrBuild,
    // No preload helper around lazy imports: a page's own chunks are named in its head by the
    // server (route-chunks.ts). What loads later finds the framework and the entry loaded; its
    // own imports that are not load one after another (the admin area, the show notes' editor:
    // a round trip more), a trade for 0.5 KB less on every public page (e2e/js-budget.spec.ts).
    modulePreload: false,
    rollupOptions: {
      // The framework every page runs (Preact with its React compatibility, and the router) as one file beside the entry, rather
      // than the several small chunks the automatic split makes of it because the admin chunk
      // shares it: fewer requests and less gzip overhead on a visitor's first load. TanStack Query
      // stays out of the group, so the parts only the admin uses (mutations, infinite queries)
      // split away with the admin's code instead of riding along on every page; so does the
      // with-selector part of use-sync-external-store, which only the admin's editor uses.
      output: isSsrBuild
        ? undefined
        : {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](?:(?:preact|wouter|regexparam)[\\/]|use-sync-external-store[\\/](?!.*with-selector))/,
                },
                // The small pieces nearly every public page shows (pictures, the back link, episode
                // lines, the embed facade, the API client) as one file with what they need, rather
                // than a dozen chunks of a few hundred bytes: an episode page went from 18 scripts
                // to 9 and 1.5 KB less gzipped, measured by e2e/js-budget.spec.ts. The player's
                // memory and the analytics collector, which every page loads once it is idle, ride
                // in it too: two requests and 0.3 KB less on each page.
                {
                  name: "visitor-kit",
                  test: /client[\\/]src[\\/](components[\\/](picture|back-link|titled-section|embed-facade)\.tsx|lib[\\/](api-client|mobile)\.ts|features[\\/](episodes[\\/]public[\\/]episode-meta|player[\\/]public[\\/]play-icon|identity[\\/]public[\\/]support-links)\.tsx|features[\\/](player[\\/]memory|analytics[\\/]public[\\/]collector)\.ts)|shared[\\/]embeds\.ts/,
                },
              ],
            },
          },
      // The server's renderer imports every page itself (it renders at once, nothing lazily), so
      // the browser's lazy imports of them are meant to stay in its one chunk there: not a problem
      // to report on every first start.
      onwarn(warning, report) {
        if (isSsrBuild && warning.code === "INEFFECTIVE_DYNAMIC_IMPORT") return;
        report(warning);
      },
    },
  },
  server: {
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/objects": `http://127.0.0.1:${apiPort}`,
    },
  },
}));
