import zlib from "node:zlib";
import type { Request, Response } from "express";
import { negotiateEncoding } from "./content-encoding";

/** A response body kept in the process cache, with its compressed forms made once, on demand. */
export interface CachedBody {
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/** Keeps what was just sent, to answer the same request again before Express (platform/http/fast-path.ts). */
export interface FastPathRecorder {
  remember(req: Request, res: Response, entry: CachedBody, canonicalUrl?: string): void;
}

/**
 * The body for a client's Accept-Encoding (negotiated as platform/http/content-encoding.ts says: the
 * client's q-values, then brotli, gzip, as it is); bodies under 1 KB are sent as they are. Each
 * compressed form is made once per cache entry, not per request.
 */
export function encodedBody(
  entry: CachedBody,
  acceptEncoding: string | undefined,
): { encoding: "br" | "gzip" | null; body: string | Buffer } {
  const encoding = entry.body.length >= 1024 ? negotiateEncoding(acceptEncoding, ["br", "gzip"]) : null;
  if (encoding === "br") {
    entry.br ??= zlib.brotliCompressSync(entry.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    return { encoding, body: entry.br };
  }
  if (encoding === "gzip") {
    entry.gzip ??= zlib.gzipSync(entry.body, { level: 6 });
    return { encoding, body: entry.gzip };
  }
  return { encoding: null, body: entry.body };
}

/**
 * Sends a cached body: 304 when the browser has it, otherwise brotli or gzip when accepted, with
 * Vary so shared caches keep them apart. With `memory`, a visitor's answer is kept to be sent
 * again, headers and all, without passing through Express (`canonicalUrl`: the one address it is
 * kept under; another spelling of it is not kept).
 */
export function sendCached(
  req: Request,
  res: Response,
  entry: CachedBody,
  type: string,
  memory?: FastPathRecorder,
  canonicalUrl?: string,
): void {
  res.set({ ETag: entry.etag, Vary: res.get("Vary") ?? "Accept-Encoding" });
  // Express's freshness check: a list of tags, weak and strong alike, and "*".
  if (req.fresh) {
    res.status(304).end();
  } else {
    res.type(type);
    const { encoding, body } = encodedBody(entry, req.headers["accept-encoding"]);
    if (encoding) res.set("Content-Encoding", encoding);
    res.send(body);
  }
  memory?.remember(req, res, entry, canonicalUrl);
}
