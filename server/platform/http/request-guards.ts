import type { Request, RequestHandler } from "express";
import { AppError } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A request that may change something (anything but GET, HEAD and OPTIONS). */
export const isStateChanging = (req: Request): boolean => !SAFE_METHODS.has(req.method);

/**
 * Cross-site requests are refused on top of SameSite cookies: a browser names the page's origin
 * on every non-GET request (Origin), and modern ones say where the request came from
 * (Sec-Fetch-Site). Clients that send neither are not browsers and carry no ambient cookie risk.
 * The site's origin is PUBLIC_URL's alone, never one made from the request's Host header, which
 * whoever sends the request chooses (a rebound DNS name, another virtual host on the proxy).
 */
export function sameOriginOnly(allowedOrigins: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    if (!isStateChanging(req)) return next();
    const origin = req.get("origin");
    if (origin !== undefined) {
      if (!allowedOrigins.includes(origin)) {
        throw new AppError("FORBIDDEN", "error.crossSite");
      }
      return next();
    }
    const site = req.get("sec-fetch-site");
    if (site !== undefined && site !== "same-origin" && site !== "none") {
      throw new AppError("FORBIDDEN", "error.crossSite");
    }
    next();
  };
}

/** Writes take JSON only (a form or text body is how cross-site writes are usually forged). */
export function jsonBodiesOnly(except: (req: Request) => boolean): RequestHandler {
  return (req, _res, next) => {
    if (!isStateChanging(req) || except(req)) return next();
    const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
    if (hasBody && !req.is("application/json")) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "error.jsonOnly");
    }
    next();
  };
}

/**
 * No page, list or file of the site has a path and query anywhere near this long; refusing
 * longer ones first bounds the work any later pattern or lookup can be made to do.
 */
const MAX_URL_LENGTH = 2_048;

export const refuseLongUrls: RequestHandler = (req, _res, next) => {
  if (req.url.length > MAX_URL_LENGTH) throw new AppError("URI_TOO_LONG", "error.addressTooLong");
  next();
};
