import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PublicRouteName } from "../../../shared/routes";

const manifestSchema = z.record(
  z.string(),
  z.object({ file: z.string(), imports: z.array(z.string()).optional(), isEntry: z.boolean().optional() }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** The page's own module of each public route (client/src/app/public-pages.tsx loads the same). */
const pageModule = (route: PublicRouteName) => `src/pages/${route}-page.tsx`;

/** A chunk's file and every chunk it imports statically, once each. */
function closure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * The scripts a public route needs besides the entry, from Vite's build manifest: its page's chunk
 * and the chunks that imports, as `/assets/...` addresses. The page shell names them as
 * modulepreload links, so they load in parallel with the entry instead of after it has run.
 * Without a manifest (a development build) no route has any.
 */
export function readRouteChunks(clientDir: string): (route: PublicRouteName) => string[] {
  const file = path.join(clientDir, ".vite", "manifest.json");
  if (!fs.existsSync(file)) return () => [];
  const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(file, "utf8")));
  const entry = closure(manifest, "index.html", new Set());
  const byRoute = new Map<PublicRouteName, string[]>();
  return (route) => {
    let chunks = byRoute.get(route);
    if (!chunks) {
      chunks = [...closure(manifest, pageModule(route), new Set())].filter((f) => !entry.has(f)).map((f) => `/${f}`);
      byRoute.set(route, chunks);
    }
    return chunks;
  };
}
