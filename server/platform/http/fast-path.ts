import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import { negotiateEncoding } from "./content-encoding";
import { encodedBody, type FastPathRecorder, type CachedBody } from "./send-cached";

/**
 * The coding for a client's Accept-Encoding, worked out once per distinct header value: browsers
 * send a handful of spellings, so the few last seen are kept (at most 64, then started afresh).
 */
const codings = new Map<string, "br" | "gzip" | null>();
function codingOf(entry: CachedBody, acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (entry.body.length < 1024 || acceptEncoding === undefined) return null;
  let coding = codings.get(acceptEncoding);
  if (coding === undefined) {
    if (codings.size >= 64) codings.clear();
    coding = negotiateEncoding(acceptEncoding, ["br", "gzip"]);
    codings.set(acceptEncoding, coding);
  }
  return coding;
}

/** Headers that belong to one response: made anew for each answer, never copied. */
const PER_RESPONSE = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "x-request-id",
]);

interface Answer {
  /** Every header Express sent, in its order and spelling; the per-response ones are placeholders. */
  headers: { name: string; value: number | string | string[] }[];
  entry: CachedBody;
  /** The route that answered it first, for the metrics. */
  label: string;
  /** The ready-made responses, one per coding asked for (and 304), made on first use. */
  variants: Partial<Record<Variant["kind"], Variant>>;
}

/**
 * One ready-made response: its headers as the flat list `writeHead` takes (name, value, name,
 * value...), with the request id's place kept for a fresh one, and its body.
 */
interface Variant {
  kind: "br" | "gzip" | "identity" | "not-modified";
  headers: (string | number | string[])[];
  /** Where in `headers` the request id goes, or -1. */
  idAt: number;
  body: string | Buffer | undefined;
}

function variantOf(answer: Answer, kind: Variant["kind"]): Variant {
  const made = answer.variants[kind];
  if (made) return made;
  const headers: Variant["headers"] = [];
  let idAt = -1;
  for (const { name, value } of answer.headers) {
    const lower = name.toLowerCase();
    if (lower === "x-request-id") {
      idAt = headers.length + 1;
      headers.push(name, "");
    } else if (!PER_RESPONSE.has(lower) && !(kind === "not-modified" && lower === "content-type")) {
      headers.push(name, value);
    }
  }
  let body: Variant["body"];
  if (kind !== "not-modified") {
    const encoded = encodedBody(answer.entry, kind === "identity" ? undefined : kind);
    body = encoded.body;
    if (encoded.encoding) headers.push("Content-Encoding", encoded.encoding);
    headers.push("Content-Length", Buffer.byteLength(body));
  }
  const variant = { kind, headers, idAt, body };
  answer.variants[kind] = variant;
  return variant;
}

/** A GET or HEAD with an address and no body: the only requests the fast path may answer. */
function isReadWithoutBody(req: IncomingMessage): req is IncomingMessage & { url: string } {
  if ((req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
  const h = req.headers;
  // A body on a read means nothing, but Express would read it: such requests go there.
  return h["transfer-encoding"] === undefined && (h["content-length"] ?? "0") === "0";
}

/**
 * A client that asks for no cached answer (a hard reload; the bench's "through Express" row,
 * which must be the same response as the fast path's): it goes to Express too.
 */
const asksForNoCache = (req: IncomingMessage) => !!req.headers["cache-control"]?.includes("no-cache") || req.headers.pragma === "no-cache";

/** Sends a kept answer: 304 for a copy the client has, else the body in the client's coding. */
function writeAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer): void {
  const h = req.headers;
  // Everything about this answer was worked out when it was first kept: what is left per
  // request is the client's coding, its cached copy, and a fresh request id.
  const notModified = (h["if-none-match"] !== undefined || h["if-modified-since"] !== undefined) && fresh(h, { etag: answer.entry.etag });
  const variant = variantOf(answer, notModified ? "not-modified" : (codingOf(answer.entry, h["accept-encoding"]) ?? "identity"));
  const headers = variant.idAt >= 0 ? variant.headers.slice() : variant.headers;
  if (variant.idAt >= 0) headers[variant.idAt] = crypto.randomUUID();
  res.writeHead(notModified ? 304 : 200, headers);
  res.end(notModified || req.method === "HEAD" ? undefined : variant.body);
}

export interface FastPath extends FastPathRecorder {
  /**
   * Answers a request from memory when it is an anonymous GET or HEAD of an address answered
   * before; true when it did. Runs in the `node:http` request handler, before Express.
   */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** Forgets every answer: called whenever the public cache is dropped. */
  clear(): void;
}

export interface FastPathOptions {
  /** No session can be behind this request (no session cookie). */
  isAnonymous: (req: IncomingMessage) => boolean;
  /** How long an answer is kept: the public cache's time-to-live. */
  ttlMs: number;
  /** What the kept answers may weigh together (bodies counted twice, for their compressed forms); the least recently asked goes first. */
  maxBytes?: number;
  /** Names the route of an answer Express gave, for `onAnswer`. */
  labelOf?: (req: Request, res: Response) => string;
  /** Told of every answer given, for metrics and the sampled access log. */
  onAnswer?: (req: IncomingMessage, status: number, startedAt: bigint, label: string) => void;
}

/**
 * The fast path for visitors' reads (docs/decisions/011-fast-path-and-change-bus.md). The first
 * anonymous request for a page or list goes through Express as every request does; what it
 * sent (status 200, every header, the body and its compressed forms) is kept under its address.
 * The next anonymous GET or HEAD of that address is answered from the request handler, before
 * Express, helmet and the request logger: the same headers in the same order, a fresh request id,
 * the body in the client's encoding, or 304 for a tag it has. Anything else goes to Express.
 */
/** The path Express answered, query string left out: a router's own root is its mount point. */
const pathOf = (req: Request) => (req.baseUrl && req.path === "/" ? req.baseUrl : req.baseUrl + req.path);

export function createFastPath({ isAnonymous, ttlMs, maxBytes = 32 * 1024 * 1024, labelOf, onAnswer }: FastPathOptions): FastPath {
  const answers = new LRUCache<string, Answer>({
    maxSize: maxBytes,
    sizeCalculation: (answer) => answer.entry.body.length * 2 + 1_024,
    ttl: ttlMs,
    ttlResolution: 0,
    ttlAutopurge: true,
  });
  /**
   * Counts the times the answers were forgotten. A request that went on to Express carries the
   * count it arrived with: what it computed may have been read before a write that has since
   * cleared the answers, so it is kept only if nothing was cleared in between.
   */
  let generation = 0;
  const arrivedIn = new WeakMap<IncomingMessage, number>();

  return {
    remember(req: Request, res: Response, entry: CachedBody, canonicalUrl = pathOf(req)) {
      // Only a visitor's whole answer, under its one address (so made-up query strings cannot
      // fill the memory); nothing that set a cookie; nothing read before the last change.
      if (arrivedIn.get(req) !== generation) return;
      if (res.statusCode !== 200 || req.originalUrl !== canonicalUrl || !isAnonymous(req) || res.hasHeader("set-cookie")) return;
      // Node has getRawHeaderNames() on every outgoing message (the names as they were set);
      // @types/node declares it on the client's request only.
      const names = (res as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames();
      const headers = names.map((name) => ({ name, value: res.getHeader(name)! }));
      answers.set(req.originalUrl, { headers, entry, label: labelOf?.(req, res) ?? "other", variants: {} });
    },

    serve(req, res) {
      if (!isReadWithoutBody(req)) return false;
      const answer = asksForNoCache(req) ? undefined : answers.get(req.url);
      if (!answer || !isAnonymous(req)) {
        arrivedIn.set(req, generation);
        return false;
      }
      const startedAt = process.hrtime.bigint();
      writeAnswer(req, res, answer);
      onAnswer?.(req, res.statusCode, startedAt, answer.label);
      return true;
    },

    clear() {
      generation++;
      answers.clear();
    },
  };
}
