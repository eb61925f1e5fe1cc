import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net, { type LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import type { ServerKey } from "../../../shared/locales/parts";
import { words, type Words } from "../http/errors";
import { isPublicAddress, PrivateAddressError, publicOnlyLookup } from "./public-address";

/**
 * The one way this site reads another host (feeds now; transcripts, chapters and thumbnails
 * later): http(s) only, a time limit for the whole exchange, a size limit on the decoded body, a
 * bounded number of redirects, each hop checked again, and no connection to loopback, private,
 * link-local, CGNAT, metadata or other non-public addresses (docs/decisions/008-feed-parser.md).
 * Over 200 lines because these limits share one exchange: the time limit's abort, the redirects'
 * re-checks and the body's completeness are judged together.
 */
export interface FetchOptions {
  /** Validators from the last answer: a 304 then comes back as `unchanged`. */
  etag?: string | null;
  lastModified?: string | null;
  /** Limit on the decoded body, default 50 MB. */
  maxBytes?: number;
  /** Limit on the whole exchange, redirects and body included, default 20 s. */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Lift the address rule (FEED_ALLOW_PRIVATE=1: tests and intranet sites). */
  allowPrivate?: boolean;
  /** Where host names are looked up, before the address rule judges what was found; default dns.lookup (tests give their own). */
  lookup?: LookupFunction;
  accept?: string;
}

export type FetchResult =
  | { status: "unchanged"; url: string; permanentUrl: string | null }
  | {
      status: "ok";
      /** Where the body came from, after redirects. */
      url: string;
      /** The new address when every redirect on the way was permanent (301/308), else null. */
      permanentUrl: string | null;
      body: Buffer;
      contentType: string | null;
      etag: string | null;
      lastModified: string | null;
    };

export type FetchErrorReason = "address" | "scheme" | "timeout" | "too-large" | "redirects" | "http-status" | "network";

/**
 * A refusal or failure in words a podcast owner can read ("the host answered 404 Not Found"),
 * said in the owner's language where they read it; its `message` is the words' key, for logs.
 */
export class FetchError extends Error {
  readonly reason: FetchErrorReason;
  readonly words: Words;
  constructor(reason: FetchErrorReason, said: Words) {
    super(said.key);
    this.name = "FetchError";
    this.reason = reason;
    this.words = said;
  }
}

const USER_AGENT = "PodcastSite/1.0 (+feed reader)";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PRIVATE_MESSAGE = words("fetch.privateAddress");
const strict = { http: new RequestFilteringHttpAgent(), https: new RequestFilteringHttpsAgent() };
const lenient = {
  http: new RequestFilteringHttpAgent({ allowPrivateIPAddress: true, allowMetaIPAddress: true }),
  https: new RequestFilteringHttpsAgent({ allowPrivateIPAddress: true, allowMetaIPAddress: true }),
};

const seconds = (ms: number) => Number((ms / 1000).toFixed(1));
const tooLarge = (bytes: number) =>
  words(
    bytes >= 1 << 20 ? "fetch.tooLargeMb" : "fetch.tooLargeBytes",
    bytes >= 1 << 20 ? { mb: Number((bytes / (1 << 20)).toFixed(1)) } : { bytes },
  );
const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** http(s), no credentials, and (unless allowed) not an IP literal outside the public unicast range. */
function checkTarget(raw: string, allowPrivate: boolean, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new FetchError("scheme", words("fetch.notWebAddress"));
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchError("scheme", words("fetch.httpOnly"));
  if (url.username || url.password) throw new FetchError("scheme", words("fetch.credentials"));
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // An address written in the URL is never looked up, so the rule is applied to it here, on each
  // hop; a host name's addresses are judged by the same rule in the lookup (`send`).
  if (!allowPrivate && net.isIP(host) && !isPublicAddress(host)) throw new FetchError("address", PRIVATE_MESSAGE);
  return url;
}

interface Exchange {
  response: IncomingMessage;
  /** The connection's failure after the headers came (a reset), which the response itself may not report. */
  failure(): Error | undefined;
}

function send(
  url: URL,
  headers: Record<string, string>,
  allowPrivate: boolean,
  signal: AbortSignal,
  lookup?: LookupFunction,
): Promise<Exchange> {
  const agents = allowPrivate ? lenient : strict;
  const [client, agent] = url.protocol === "https:" ? [https, agents.https] : [http, agents.http];
  // The agent looks the name up through this function and connects to what it returns, so the
  // rule is applied to the very addresses connected to. The strict agent then checks the same
  // addresses itself (and an address written in the URL, before any lookup): it refuses every one
  // that ipaddr.js does not call "unicast". Ours has refused all of those already but one kind:
  // an IPv4-mapped address (::ffff:8.8.8.8), which ours judges as the IPv4 address it names and
  // the agent refuses whatever it names, so no IPv4-mapped address is connected to. Ours, in turn,
  // refuses what the agent would let through: IPv6 outside 2000::/3, IPv4-compatible ::808:808
  // included. With private addresses allowed, neither refuses anything.
  const judged = allowPrivate ? lookup : publicOnlyLookup(lookup);
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    client
      .get(url, { agent, headers, signal, lookup: judged }, (response) => resolve({ response, failure: () => failure }))
      .on("error", (err) => {
        failure ??= err;
        reject(err);
      });
  });
}

const CUT_MESSAGE = words("fetch.cut");

/**
 * The body, decompressed, stopped as soon as it passes `maxBytes` (a zip bomb included), and only
 * if it arrived whole: a body without Content-Length or chunks ends when the connection closes,
 * and `node:http` then calls it complete even when the close was our time limit or a reset, so
 * both are checked here; a shorter body than its Content-Length or chunks promised is refused too.
 */
async function readBody({ response, failure }: Exchange, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const length = Number(response.headers["content-length"]);
  if (length > maxBytes) {
    response.destroy();
    throw new FetchError("too-large", tooLarge(maxBytes));
  }
  const encoding = (header(response.headers["content-encoding"]) ?? "").trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : null;
  const stream: Readable = decoder ? pipeline(response, decoder, () => {}) : response;
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw new FetchError("too-large", tooLarge(maxBytes));
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof FetchError || signal.aborted || response.complete) throw err;
    throw new FetchError("network", CUT_MESSAGE);
  } finally {
    response.destroy();
  }
  if (signal.aborted) throw new Error("aborted while the body was read");
  if (!response.complete || failure()) throw new FetchError("network", CUT_MESSAGE);
  return Buffer.concat(chunks, total);
}

function networkError(err: NodeJS.ErrnoException): FetchError {
  if (err instanceof PrivateAddressError) return new FetchError("address", PRIVATE_MESSAGE);
  // request-filtering-agent refuses an address found by DNS with this message (no error class).
  if (err.message.startsWith("DNS lookup ") && err.message.includes(" is not allowed")) return new FetchError("address", PRIVATE_MESSAGE);
  // zlib's codes start with Z_ (gzip, deflate), brotli's with ERR__ERROR.
  if (/^(?:Z_|ERR__ERROR)/.test(err.code ?? "")) return new FetchError("network", words("fetch.badCompression"));
  const known: Record<string, ServerKey> = {
    ENOTFOUND: "fetch.hostNotFound",
    EAI_AGAIN: "fetch.lookupFailed",
    ECONNREFUSED: "fetch.refused",
    ECONNRESET: "fetch.reset",
    EHOSTUNREACH: "fetch.unreachable",
    ENETUNREACH: "fetch.unreachable",
  };
  const key = err.code ? known[err.code] : undefined;
  const message = key
    ? words(key)
    : /CERT|SSL|TLS/.test(err.code ?? "")
      ? words("fetch.certificate")
      : words("fetch.connectionFailed", { detail: err.code ?? err.message });
  return new FetchError("network", message);
}

/** Reads `url` within the limits of `options`, following redirects; see FetchOptions and FetchResult. */
export async function safeFetch(url: string, options: FetchOptions = {}): Promise<FetchResult> {
  const { maxBytes = 50 * 1024 * 1024, timeoutMs = 20_000, maxRedirects = 5, allowPrivate = false } = options;
  const headers = requestHeaders(options);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let target = checkTarget(url, allowPrivate);
  let permanent = true;
  try {
    for (let hops = 0; ; hops++) {
      const exchange = await send(target, headers, allowPrivate, controller.signal, options.lookup);
      const { response } = exchange;
      const status = response.statusCode ?? 0;
      const location = header(response.headers.location);
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hops >= maxRedirects) throw new FetchError("redirects", words("fetch.redirects", { count: maxRedirects }));
        permanent &&= status === 301 || status === 308;
        target = checkTarget(location, allowPrivate, target);
        continue;
      }
      const permanentUrl = permanent && target.href !== new URL(url).href ? target.href : null;
      return await resultOf(exchange, target, permanentUrl, maxBytes, controller.signal);
    }
  } catch (err) {
    throw failureOf(err, controller.signal.aborted, timeoutMs);
  } finally {
    clearTimeout(timer);
  }
}

/** The request's headers: who asks, what it takes, and the last answer's validators. */
function requestHeaders(options: FetchOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "user-agent": USER_AGENT,
    accept: options.accept ?? "*/*",
    "accept-encoding": "gzip, deflate, br",
  };
  if (options.etag) headers["if-none-match"] = options.etag;
  if (options.lastModified) headers["if-modified-since"] = options.lastModified;
  return headers;
}

/** The answer at the end of the redirects: unchanged (304), refused for its status, or its body. */
async function resultOf(
  exchange: Exchange,
  target: URL,
  permanentUrl: string | null,
  maxBytes: number,
  signal: AbortSignal,
): Promise<FetchResult> {
  const { response } = exchange;
  const status = response.statusCode ?? 0;
  if (status === 304) {
    response.destroy();
    return { status: "unchanged", url: target.href, permanentUrl };
  }
  if (status < 200 || status > 299) {
    response.destroy();
    throw new FetchError("http-status", words("fetch.httpStatus", { status: `${status} ${http.STATUS_CODES[status] ?? ""}`.trim() }));
  }
  const body = await readBody(exchange, maxBytes, signal);
  return {
    status: "ok",
    url: target.href,
    permanentUrl,
    body,
    contentType: header(response.headers["content-type"]),
    etag: header(response.headers.etag),
    lastModified: header(response.headers["last-modified"]),
  };
}

/** What went wrong, in the owner's words: our own refusal as it is, the time limit, or the network's error. */
function failureOf(err: unknown, aborted: boolean, timeoutMs: number): FetchError {
  if (err instanceof FetchError) return err;
  // Checked before the error's own kind: the abort at the time limit surfaces as a reset, a
  // premature close or a cut compressed stream, depending on where the body was.
  if (aborted) return new FetchError("timeout", words("fetch.timeout", { seconds: seconds(timeoutMs) }));
  return networkError(err as NodeJS.ErrnoException);
}
