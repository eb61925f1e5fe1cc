import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readRouteChunks } from "./route-chunks";

function clientDirWith(manifest: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "route-chunks-"));
  fs.mkdirSync(path.join(dir, ".vite"));
  fs.writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(manifest));
  return dir;
}

describe("readRouteChunks", () => {
  const manifest = {
    "index.html": { file: "assets/index-E.js", isEntry: true, imports: ["_framework-F.js"] },
    "_framework-F.js": { file: "assets/framework-F.js" },
    "src/pages/episode-page.tsx": { file: "assets/episode-page-P.js", imports: ["index.html", "_framework-F.js", "_share-S.js"] },
    "_share-S.js": { file: "assets/share-S.js", imports: ["_clsx-C.js"] },
    "_clsx-C.js": { file: "assets/clsx-C.js" },
    "src/pages/home-page.tsx": { file: "assets/home-page-H.js", imports: ["index.html"] },
  };

  it("when a route's page imports chunks, then they are its chunks, the entry's own left out", () => {
    const chunks = readRouteChunks(clientDirWith(manifest));
    expect(chunks("episode")).toEqual(["/assets/episode-page-P.js", "/assets/share-S.js", "/assets/clsx-C.js"]);
    expect(chunks("home")).toEqual(["/assets/home-page-H.js"]);
  });

  it("when the route has no page chunk or there is no manifest, then it has none", () => {
    expect(readRouteChunks(clientDirWith(manifest))("about")).toEqual([]);
    expect(readRouteChunks(fs.mkdtempSync(path.join(os.tmpdir(), "no-manifest-")))("episode")).toEqual([]);
  });
});
