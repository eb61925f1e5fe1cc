import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

/** The fake client's one script, as it is on disk. */
export const FAKE_CLIENT_SCRIPT = "console.log('hello from the app bundle');".repeat(40);

/**
 * A built client as the page router reads it, without building one: an index.html shell, one
 * script with its pre-compressed copies, and one image. Remove the folder when done.
 */
export function createFakeClient(): string {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-client-"));
  fs.mkdirSync(path.join(clientDir, "assets"));
  fs.writeFileSync(
    path.join(clientDir, "index.html"),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="description" content="default" />\n    <title>shell</title>\n    <script type="module" src="/assets/app-abc123.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n',
  );
  fs.writeFileSync(path.join(clientDir, "assets", "app-abc123.js"), FAKE_CLIENT_SCRIPT);
  fs.writeFileSync(path.join(clientDir, "assets", "app-abc123.js.br"), zlib.brotliCompressSync(FAKE_CLIENT_SCRIPT));
  fs.writeFileSync(path.join(clientDir, "assets", "app-abc123.js.gz"), zlib.gzipSync(FAKE_CLIENT_SCRIPT));
  fs.writeFileSync(path.join(clientDir, "banner-desktop.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return clientDir;
}
