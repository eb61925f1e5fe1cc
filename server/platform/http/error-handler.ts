import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import type { ApiErrorBody } from "../../../shared/api";
import { AppError, STATUS_BY_CODE, type ErrorCode } from "./errors";

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * PostgreSQL's SQLSTATE codes, by class (the first two characters) or in full: what a client can
 * do about each. https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
const BY_SQLSTATE: Record<string, { code: ErrorCode; message: string }> = {
  "23505": { code: "CONFLICT", message: "That value is already in use" },
  "23503": { code: "CONFLICT", message: "That item is still in use, or what it refers to is gone" },
  "22": { code: "BAD_REQUEST", message: "A value is out of range" },
  "23": { code: "VALIDATION", message: "A value is not allowed" },
  "40": { code: "UNAVAILABLE", message: "The database was busy; please try again" },
  "57014": { code: "UNAVAILABLE", message: "The database took too long; please try again" },
  "08": { code: "UNAVAILABLE", message: "The database is unavailable; please try again shortly" },
  "53": { code: "UNAVAILABLE", message: "The database is unavailable; please try again shortly" },
  // Object not in prerequisite state: a database not taking connections, shutting down...
  "55": { code: "UNAVAILABLE", message: "The database is unavailable; please try again shortly" },
  "57P": { code: "UNAVAILABLE", message: "The database is unavailable; please try again shortly" },
};
const SQLSTATE = /^[0-9A-Z]{5}$/;
const bySqlState = (state: string) =>
  SQLSTATE.test(state) ? (BY_SQLSTATE[state] ?? BY_SQLSTATE[state.slice(0, 3)] ?? BY_SQLSTATE[state.slice(0, 2)]) : undefined;

/** The innermost cause: Drizzle wraps driver errors in one whose message lists the query's parameters. */
function rootError(err: unknown): unknown {
  let e = err as { cause?: unknown } | null | undefined;
  while (e && typeof e === "object" && e.cause instanceof Error) e = e.cause as { cause?: unknown };
  return e;
}
export const rootMessage = (err: unknown) => (rootError(err) as Error | undefined)?.message;
/** Socket errors from the driver: the database went away mid-conversation. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ECONNABORTED"]);

type Classified = { code: ErrorCode; message: string; errors?: AppError["errors"]; retryAfter?: number };
type CausedError = HttpishError & { cause?: unknown };

/** Turns anything thrown into the one JSON error shape (docs/style.md rule 3); never a stack trace. */
export function classify(err: unknown): Classified {
  if (err instanceof AppError) return { code: err.code, message: err.message, errors: err.errors, retryAfter: err.retryAfter };
  const e = codedError(err);
  return (
    classifyBodyError(e.type) ??
    classifyErrorCode(e) ??
    classifyLostConnection(e) ??
    classifyClientStatus(e) ?? { code: "INTERNAL", message: "Something went wrong on our side" }
  );
}

/** The error that carries the code: the first in the chain of causes with one, else the last. */
function codedError(err: unknown): CausedError {
  // Drizzle wraps driver errors; the PostgreSQL error code is on the cause.
  let e = (err ?? {}) as CausedError;
  while (e.cause && typeof e.code !== "string") e = e.cause as CausedError;
  return e;
}

/** A body the parser (body-parser's error types) could not read. */
function classifyBodyError(type: string | undefined): Classified | undefined {
  switch (type) {
    case "entity.too.large":
      return { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large" };
    case "entity.parse.failed":
      return { code: "BAD_REQUEST", message: "The request body is not valid JSON" };
    case "encoding.unsupported":
    case "charset.unsupported":
      return { code: "UNSUPPORTED_MEDIA_TYPE", message: "Unsupported body encoding" };
    case "request.aborted":
      return { code: "BAD_REQUEST", message: "The request was aborted" };
    case "request.size.invalid":
      return { code: "BAD_REQUEST", message: "The request body does not match its length" };
    default:
      return undefined;
  }
}

/** An error with a code: a full disk, a SQLSTATE, or the database's socket gone. */
function classifyErrorCode(e: HttpishError): Classified | undefined {
  if (typeof e.code !== "string") return undefined;
  if (e.code === "ENOSPC" || e.code === "EDQUOT") {
    return { code: "INSUFFICIENT_STORAGE", message: "The server's disk is full; nothing was saved" };
  }
  const known = bySqlState(e.code);
  if (known) return known;
  if (NETWORK_CODES.has(e.code) || (e.code === "ENOENT" && /PGSQL/.test(e.message ?? ""))) {
    return { code: "UNAVAILABLE", message: "The database is unavailable; please try again shortly" };
  }
  return undefined;
}

/** A connection to the database lost or timed out, told by its message alone. */
function classifyLostConnection(e: HttpishError): Classified | undefined {
  // pg and pg-pool raise a lost or timed-out connection as a plain Error, without a SQLSTATE or
  // an errno: their message is all there is to tell it from a bug.
  if (typeof e.message === "string" && /timeout|Connection terminated|connect ECONNREFUSED/i.test(e.message)) {
    return { code: "UNAVAILABLE", message: "The database is unavailable; please try again shortly" };
  }
  return undefined;
}

/** An error that carries a 4xx status (http-errors): the code of that status. */
function classifyClientStatus(e: HttpishError): Classified | undefined {
  const status = e.status ?? e.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const code = (Object.entries(STATUS_BY_CODE).find(([, s]) => s === status)?.[0] ?? "BAD_REQUEST") as ErrorCode;
    return { code, message: "Bad request" };
  }
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    // The answer had started: it cannot become an error any more. A body still being written is
    // cut, so the client sees a broken download rather than waiting for ever.
    req.log?.warn({ cause: rootMessage(err) }, "error after the response started");
    if (!res.writableEnded) res.destroy();
    return;
  }
  const { code, message, errors, retryAfter } = classify(err);
  const status = STATUS_BY_CODE[code];
  // pino-http logs the request once, with this error: an outage's 503s as one short line each.
  // Logged: the driver's own error, never a query's parameters (e-mails, codes, hashes).
  const logged = status === 503 ? Object.assign(new Error(message), { stack: undefined, cause: rootMessage(err) }) : rootError(err);
  (res as unknown as { err?: unknown }).err = status >= 500 ? logged : undefined;
  const body: ApiErrorBody = { message, code, requestId: String(req.id ?? "") };
  if (errors) body.errors = errors;
  if (retryAfter !== undefined) res.set("Retry-After", String(Math.max(1, Math.ceil(retryAfter))));
  else if (status === 503) res.set("Retry-After", "5");
  res.status(status).set("Cache-Control", "no-store");
  if (isNavigation(req)) res.type("html").send(errorPage(status, message));
  else res.json(body);
};

/** A browser opening a page (not the API, not a file): it shows what it gets, so it gets HTML. */
function isNavigation(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl.startsWith("/api/") || req.originalUrl.startsWith("/objects/")) return false;
  return req.accepts(["json", "html"]) === "html";
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a visitor sees when the site cannot answer at all (the database down and no copy of
 * the page kept): whole by itself, since nothing else may be reachable, and in words.
 */
function errorPage(status: number, message: string): string {
  const title = status === 503 ? "The site is taking a short break" : status === 429 ? "Too many requests" : "Something went wrong";
  const advice = status === 503 || status === 429 ? "Please try again in a minute." : "Please try again, or go back to the home page.";
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
<p>${escapeHtml(message)}</p>
<p>${advice}</p>
<p><a href="/">Go to the home page</a></p>
</main>
</body>
</html>
`;
}

export const apiNotFound: RequestHandler = (req) => {
  throw new AppError("NOT_FOUND", `No API route for ${req.method} ${req.path}`);
};
