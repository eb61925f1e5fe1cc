import crypto from "node:crypto";
import type { IncomingMessage } from "node:http";
import { pinoHttp } from "pino-http";
import type { Logger } from "../runtime/logger";
import { onceEvery } from "../runtime/once-every";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/** Characters of an address a log line keeps. */
const LOGGED_URL = 256;
/** Asked every few seconds by process managers and proxies: not worth a log line each. */
const HEALTH_CHECKS = new Set(["/api/health", "/api/health/live", "/api/health/ready"]);

/**
 * One log line per request (health checks aside) with a request id: the caller's X-Request-Id
 * when it is a sane one, else a new one, sent back in the response. Only method, path and
 * status are logged: no headers, cookies or bodies. A client refused for sending too much (429) is
 * logged once a minute, not once a request: a flood of refusals would write a line each.
 * `clientOf` names the client as the throttles count it (its network), never logged itself.
 */
export function requestLogger(logger: Logger, clientOf: (req: IncomingMessage) => string = (req) => req.socket.remoteAddress ?? "") {
  const isRefusalLogDue = onceEvery(60_000);
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url !== undefined && HEALTH_CHECKS.has(req.url) },
    serializers: {
      // An address too long to serve (414) is logged by its start: a flood of them writes no 16 KB lines.
      req: (req: { id: unknown; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url.length > LOGGED_URL ? `${req.url.slice(0, LOGGED_URL)}…` : req.url,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (req, res, err) => {
      if (res.statusCode === 429) return isRefusalLogDue(clientOf(req)) ? "info" : "silent";
      return res.statusCode === 503 ? "warn" : err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "info" : "debug";
    },
    customErrorMessage: (_req, res) => `request failed with ${res.statusCode}`,
  });
}
