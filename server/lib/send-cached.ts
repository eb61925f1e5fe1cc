import zlib from "node:zlib";
import type { Request, Response } from "express";

/** A response body kept in the process cache, with its compressed forms made once, on demand. */
export interface CachedBody {
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Sends a cached body: 304 when the browser has it, otherwise brotli or gzip when accepted
 * (compressed once per cache entry, not per request), with Vary so shared caches keep them apart.
 */
export function sendCached(req: Request, res: Response, entry: CachedBody, type: string): void {
  res.set({ ETag: entry.etag, Vary: "Accept-Encoding" });
  // Express's freshness check: a list of tags, weak and strong alike, and "*".
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type(type);
  const accepts = String(req.headers["accept-encoding"] ?? "");
  if (entry.body.length >= 1024) {
    if (/\bbr\b/.test(accepts)) {
      entry.br ??= zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      res.set("Content-Encoding", "br").send(entry.br);
      return;
    }
    if (/\bgzip\b/.test(accepts)) {
      entry.gzip ??= zlib.gzipSync(entry.body, { level: 6 });
      res.set("Content-Encoding", "gzip").send(entry.gzip);
      return;
    }
  }
  res.send(entry.body);
}
