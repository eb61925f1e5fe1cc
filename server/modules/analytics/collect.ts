import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import proxyAddr from "proxy-addr";
import { analyticsEventSchema, EVENT_MAX_BYTES, type AnalyticsEvent } from "../../../shared/analytics";
import { issueMessage, parseOptions } from "../../../shared/validation";
import { sayWords, STATUS_BY_CODE, words, type ErrorCode, type FieldWords, type Words } from "../../platform/http/errors";
import { sayFor } from "../languages";
import { classifyAgent, type AgentKind } from "./agents";
import type { RateLimiter } from "../../platform/limits/per-minute";
import { networkOf } from "./visitor";

const EVENTS_PATH = "/api/events";

/** Who sent a beacon: their network (IPv4 address or IPv6 /64), agent, and what the agent is. */
export interface Sender {
  network: string;
  userAgent: string;
  agent: Extract<AgentKind, { isBot: false }>;
}

export interface CollectorOptions {
  /** PUBLIC_URL's origin: beacons from any other are refused (403). */
  origin: string;
  /** The session cookie's name: a beacon that carries it comes from the owner's browser and is not counted. */
  sessionCookieName: string;
  /** Express's `trust proxy` setting, so the sender's address is read as Express reads it. */
  trustProxy?: boolean | number | string;
  /** How many beacons a network may send a minute (429 beyond). */
  limiter: RateLimiter;
  /** Takes one event in (into memory: never waits for the database). */
  record(event: AnalyticsEvent, sender: Sender): void;
  /** Told of every answer, for the metrics. */
  onAnswer?: (req: IncomingMessage, status: number, startedAt: bigint, route: string) => void;
  /** Told of every refusal, with the sender's network (to log it once per client and minute) and the message's key. */
  onRefuse?: (network: string, status: number, message: string) => void;
}

/** Express's own reading of `trust proxy` (express/lib/utils.js compileTrust), for proxy-addr. */
function compileTrust(value: CollectorOptions["trustProxy"]): (address: string, hop: number) => boolean {
  if (value === true) return () => true;
  if (typeof value === "number") return (_address, hop) => hop < value;
  if (typeof value === "string") return proxyAddr.compile(value.split(",").map((v) => v.trim()));
  return proxyAddr.compile([]);
}

/** The content types a beacon comes as: `sendBeacon` with a string sends text/plain. */
const BEACON_TYPES = new Set(["application/json", "text/plain"]);

/**
 * `POST /api/events` (docs/analytics.md "Collection"), answered in the `node:http` handler beside
 * the fast path's reads: no Express, no session, no database. In order: another origin is 403; a
 * body over 2 KB is 413 (by its length when it says so, else while it arrives); a network sending
 * too much is 429; a body that is not one event as JSON is 400. Then an event from the owner's
 * session or from a known robot is ignored, and any other is added up in memory; both are 204.
 * No answer sets a cookie. Returns false for any other request, which goes on to Express.
 */
export function createCollector(options: CollectorOptions) {
  const trust = compileTrust(options.trustProxy);
  const sessionCookie = `${options.sessionCookieName}=`;

  return function collect(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== "POST" || !req.url || (req.url !== EVENTS_PATH && !req.url.startsWith(`${EVENTS_PATH}?`))) return false;
    const startedAt = process.hrtime.bigint();
    const answer = (
      status: number,
      body?: { code: ErrorCode; message: Words; errors?: FieldWords[] },
      headers: Record<string, string> = {},
    ) => {
      const requestId = crypto.randomUUID();
      // One writeHead with every header, rather than a setHeader each: no header map is made per answer.
      const head: Record<string, string | number> = {
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "X-Request-Id": requestId,
        ...headers,
      };
      if (body) {
        // In the language the sender asks for, like every error of the API.
        const say = sayFor(req);
        const errors = body.errors?.map((e) => ({ path: e.path, message: sayWords(e.message, say) }));
        const json = JSON.stringify({ message: sayWords(body.message, say), code: body.code, ...(errors ? { errors } : {}), requestId });
        head["Content-Type"] = "application/json; charset=utf-8";
        head["Content-Length"] = Buffer.byteLength(json);
        res.writeHead(status, head).end(json);
      } else {
        res.writeHead(status, head).end();
      }
      options.onAnswer?.(req, status, startedAt, EVENTS_PATH);
    };
    const network = networkOf(proxyAddr(req, trust));
    const refuse = (code: ErrorCode, message: Words, extra: { errors?: FieldWords[]; headers?: Record<string, string> } = {}) => {
      answer(STATUS_BY_CODE[code], { code, message, errors: extra.errors }, extra.headers);
      options.onRefuse?.(network, STATUS_BY_CODE[code], message.key);
    };
    /** Answers before the body has been read: the connection closes, rather than read what nobody wants. */
    const refuseUnread = (code: ErrorCode, message: Words, headers: Record<string, string> = {}) => {
      refuse(code, message, { headers: { Connection: "close", ...headers } });
      req.resume();
    };

    const origin = req.headers.origin;
    const site = req.headers["sec-fetch-site"];
    if (origin !== undefined ? origin !== options.origin : site !== undefined && site !== "same-origin" && site !== "none") {
      refuseUnread("FORBIDDEN", words("error.crossSite"));
      return true;
    }
    const declared = req.headers["content-length"];
    if (declared !== undefined && Number(declared) > EVENT_MAX_BYTES) {
      refuseUnread("PAYLOAD_TOO_LARGE", words("error.eventTooLarge", { bytes: EVENT_MAX_BYTES }));
      return true;
    }
    const wait = options.limiter.take(network);
    if (wait > 0) {
      refuseUnread("TOO_MANY_REQUESTS", words("error.tooManyEvents"), { "Retry-After": String(wait) });
      return true;
    }
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (!BEACON_TYPES.has(type)) {
      refuseUnread("BAD_REQUEST", words("error.eventNotJson"));
      return true;
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > EVENT_MAX_BYTES) {
        done = true;
        refuse("PAYLOAD_TOO_LARGE", words("error.eventTooLarge", { bytes: EVENT_MAX_BYTES }), { headers: { Connection: "close" } });
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", () => {
      done = true;
    });
    req.on("end", () => {
      if (done) return;
      done = true;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        refuse("BAD_REQUEST", words("error.bodyNotJson"));
        return;
      }
      const result = analyticsEventSchema.safeParse(parsed, parseOptions);
      if (!result.success) {
        const errors = result.error.issues.map((issue) => {
          const { key, values } = issueMessage(issue);
          return { path: issue.path.map(String).join("."), message: words(key, values) };
        });
        const first = errors[0]!;
        const message = first.path
          ? words("error.invalidEventField", { field: first.path, problem: first.message })
          : words("error.invalidEventWhole", { problem: first.message });
        refuse("VALIDATION", message, { errors });
        return;
      }
      const userAgent = req.headers["user-agent"] ?? "";
      const agent = classifyAgent(userAgent);
      const isOwner = (req.headers.cookie ?? "").includes(sessionCookie);
      if (!isOwner && !agent.isBot) options.record(result.data, { network, userAgent, agent });
      answer(204);
    });
    return true;
  };
}
