import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { negotiateEncoding } from "./content-encoding";
import { etagOf } from "./public-cache";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".webmanifest": "application/manifest+json",
};

interface StaticFile {
  file: string;
  type: string;
  etag: string;
  immutable: boolean;
  br: boolean;
  gz: boolean;
}

function collect(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (!entry.name.endsWith(".br") && !entry.name.endsWith(".gz") && entry.name !== "index.html") {
        const rel = "/" + path.relative(root, full).split(path.sep).join("/");
        const stat = fs.statSync(full);
        files.set(rel, {
          file: full,
          type: TYPES[path.extname(entry.name).toLowerCase()] ?? "application/octet-stream",
          etag: etagOf(`${stat.size}-${stat.mtimeMs}-${rel}`),
          immutable: rel.startsWith("/assets/"),
          br: fs.existsSync(full + ".br"),
          gz: fs.existsSync(full + ".gz"),
        });
      }
    }
  };
  visit(root);
  return files;
}

/**
 * The built client's files, looked up in a list made at start-up (so no request path ever reaches
 * the file system), served pre-compressed (brotli, gzip) when the browser takes it. Hashed assets
 * are cached for a year as immutable; the rest revalidate with an ETag.
 */
export function staticFiles(root: string): RequestHandler {
  const files = fs.existsSync(root) ? collect(root) : new Map<string, StaticFile>();
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const found = files.get(req.path);
    if (found || req.path.startsWith("/assets/")) res.locals.route = "static";
    if (!found) {
      if (req.path.startsWith("/assets/")) {
        res.status(404).type("text/plain").send("Not found");
        return;
      }
      return next();
    }
    const available = [...(found.br ? (["br"] as const) : []), ...(found.gz ? (["gzip"] as const) : [])];
    const encoding = negotiateEncoding(req.headers["accept-encoding"], available);
    res.set({
      "Content-Type": found.type,
      "Cache-Control": found.immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600, must-revalidate",
      ETag: found.etag,
      Vary: "Accept-Encoding",
      "X-Content-Type-Options": "nosniff",
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const file = encoding === "br" ? found.file + ".br" : encoding === "gzip" ? found.file + ".gz" : found.file;
    if (encoding) res.set("Content-Encoding", encoding);
    res.set("Content-Length", String(fs.statSync(file).size));
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    fs.createReadStream(file).on("error", next).pipe(res);
  };
}
