import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request, Response } from "express";
import fresh from "fresh";
import { LRUCache } from "lru-cache";
import { encodedBody, type AnswerMemory, type CachedBody } from "./send-cached";

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
}

export interface FastPath extends AnswerMemory {
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
      answers.set(req.originalUrl, { headers, entry, label: labelOf?.(req, res) ?? "other" });
    },

    serve(req, res) {
      if ((req.method !== "GET" && req.method !== "HEAD") || !req.url) return false;
      // A body on a read means nothing, but Express would read it: such requests go there.
      if (req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0") return false;
      const answer = answers.get(req.url);
      if (!answer || !isAnonymous(req)) {
        arrivedIn.set(req, generation);
        return false;
      }
      const startedAt = process.hrtime.bigint();
      const notModified = fresh(req.headers, { etag: answer.entry.etag });
      const { encoding, body } = notModified ? { encoding: null, body: "" } : encodedBody(answer.entry, req.headers["accept-encoding"]);
      for (const { name, value } of answer.headers) {
        const lower = name.toLowerCase();
        if (lower === "x-request-id") res.setHeader(name, crypto.randomUUID());
        else if (!PER_RESPONSE.has(lower) && !(notModified && lower === "content-type")) res.setHeader(name, value);
      }
      if (notModified) {
        res.writeHead(304).end();
      } else {
        if (encoding) res.setHeader("Content-Encoding", encoding);
        res.setHeader("Content-Length", Buffer.byteLength(body));
        res.writeHead(200);
        res.end(req.method === "HEAD" ? undefined : body);
      }
      onAnswer?.(req, res.statusCode, startedAt, answer.label);
      return true;
    },

    clear() {
      generation++;
      answers.clear();
    },
  };
}
