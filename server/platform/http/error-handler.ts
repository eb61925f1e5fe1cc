import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import type { ApiErrorBody } from "../../../shared/api";
import { textDirection } from "../../../shared/languages";
import type { ServerKey } from "../../../shared/locales/parts";
import { AppError, sayWords, STATUS_BY_CODE, words, type ErrorCode, type FieldWords, type MessageValues, type Words } from "./errors";

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
const BY_SQLSTATE: Record<string, Classified> = {
  "23505": { code: "CONFLICT", words: words("error.valueInUse") },
  "23503": { code: "CONFLICT", words: words("error.itemInUse") },
  "22": { code: "BAD_REQUEST", words: words("error.valueOutOfRange") },
  "23": { code: "VALIDATION", words: words("error.valueNotAllowed") },
  "40": { code: "UNAVAILABLE", words: words("error.databaseBusy") },
  "57014": { code: "UNAVAILABLE", words: words("error.databaseSlow") },
  "08": { code: "UNAVAILABLE", words: words("error.databaseUnavailable") },
  "53": { code: "UNAVAILABLE", words: words("error.databaseUnavailable") },
  // Object not in prerequisite state: a database not taking connections, shutting down...
  "55": { code: "UNAVAILABLE", words: words("error.databaseUnavailable") },
  "57P": { code: "UNAVAILABLE", words: words("error.databaseUnavailable") },
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

/** What went wrong: its code, and the words for people (said in the reader's language by the handler). */
interface Classified {
  code: ErrorCode;
  words: Words;
  errors?: FieldWords[];
  retryAfter?: number;
}
type CausedError = HttpishError & { cause?: unknown };

/**
 * Turns anything thrown into the one JSON error shape (docs/style.md rule 3); never a stack trace.
 * `message`: the words' key, for logs.
 */
export function classify(err: unknown): Classified & { message: string } {
  const found = classified(err);
  return { ...found, message: found.words.key };
}

function classified(err: unknown): Classified {
  if (err instanceof AppError) {
    const found: Classified = { code: err.code, words: err.words };
    if (err.errors) found.errors = err.errors;
    if (err.retryAfter !== undefined) found.retryAfter = err.retryAfter;
    return found;
  }
  const e = codedError(err);
  return (
    classifyBodyError(e.type) ??
    classifyErrorCode(e) ??
    classifyLostConnection(e) ??
    classifyClientStatus(e) ?? { code: "INTERNAL", words: words("error.internal") }
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
      return { code: "PAYLOAD_TOO_LARGE", words: words("error.bodyTooLarge") };
    case "entity.parse.failed":
      return { code: "BAD_REQUEST", words: words("error.bodyNotJson") };
    case "encoding.unsupported":
    case "charset.unsupported":
      return { code: "UNSUPPORTED_MEDIA_TYPE", words: words("error.bodyEncoding") };
    case "request.aborted":
      return { code: "BAD_REQUEST", words: words("error.requestAborted") };
    case "request.size.invalid":
      return { code: "BAD_REQUEST", words: words("error.bodyLength") };
    default:
      return undefined;
  }
}

/** An error with a code: a full disk, a SQLSTATE, or the database's socket gone. */
function classifyErrorCode(e: HttpishError): Classified | undefined {
  if (typeof e.code !== "string") return undefined;
  if (e.code === "ENOSPC" || e.code === "EDQUOT") {
    return { code: "INSUFFICIENT_STORAGE", words: words("error.diskFull") };
  }
  const known = bySqlState(e.code);
  if (known) return known;
  if (NETWORK_CODES.has(e.code) || (e.code === "ENOENT" && /PGSQL/.test(e.message ?? ""))) {
    return { code: "UNAVAILABLE", words: words("error.databaseUnavailable") };
  }
  return undefined;
}

/** A connection to the database lost or timed out, told by its message alone. */
function classifyLostConnection(e: HttpishError): Classified | undefined {
  // pg and pg-pool raise a lost or timed-out connection as a plain Error, without a SQLSTATE or
  // an errno: their message is all there is to tell it from a bug.
  if (typeof e.message === "string" && /timeout|Connection terminated|connect ECONNREFUSED/i.test(e.message)) {
    return { code: "UNAVAILABLE", words: words("error.databaseUnavailable") };
  }
  return undefined;
}

/** An error that carries a 4xx status (http-errors): the code of that status. */
function classifyClientStatus(e: HttpishError): Classified | undefined {
  const status = e.status ?? e.statusCode;
  if (typeof status === "number" && status >= 400 && status < 500) {
    const code = (Object.entries(STATUS_BY_CODE).find(([, s]) => s === status)?.[0] ?? "BAD_REQUEST") as ErrorCode;
    return { code, words: words("error.badRequest") };
  }
  return undefined;
}

/** How the error handler says its words: the composition root gives it the catalogues (modules/languages). */
interface ErrorWords {
  /** The message `key` in the language the request asks for (its Accept-Language); English without a request. */
  translate(req: Request | undefined, key: ServerKey, values?: MessageValues): string;
  /** The language the request asks for, for the error page's `<html lang>`. */
  languageOf(req: Request): string;
}

/**
 * The error middleware: the one JSON error shape, its message and field errors in the request's
 * language (the code stays the same in every language), or a whole page for a browser opening one.
 */
export function createErrorHandler({ translate, languageOf }: ErrorWords): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) {
      // The answer had started: it cannot become an error any more. A body still being written is
      // cut, so the client sees a broken download rather than waiting for ever.
      req.log?.warn({ cause: rootMessage(err) }, "error after the response started");
      if (!res.writableEnded) res.destroy();
      return;
    }
    const { code, words: said, errors, retryAfter } = classified(err);
    const status = STATUS_BY_CODE[code];
    const say = (key: ServerKey, values?: MessageValues) => translate(req, key, values);
    const message = sayWords(said, say);
    // pino-http logs the request once, with this error: an outage's 503s as one short line each, in English.
    // Logged: the driver's own error, never a query's parameters (e-mails, codes, hashes).
    const english = () => sayWords(said, (key, values) => translate(undefined, key, values));
    const logged = status === 503 ? Object.assign(new Error(english()), { stack: undefined, cause: rootMessage(err) }) : rootError(err);
    (res as unknown as { err?: unknown }).err = status >= 500 ? logged : undefined;
    const body: ApiErrorBody = { message, code, requestId: String(req.id ?? "") };
    if (errors) body.errors = errors.map((e) => ({ path: e.path, message: sayWords(e.message, say) }));
    if (retryAfter !== undefined) res.set("Retry-After", String(Math.max(1, Math.ceil(retryAfter))));
    else if (status === 503) res.set("Retry-After", "5");
    res.status(status).set("Cache-Control", "no-store");
    if (isNavigation(req)) res.type("html").send(errorPage(status, message, languageOf(req), say));
    else res.json(body);
  };
}

/** A browser opening a page (not the API, not a file): it shows what it gets, so it gets HTML. */
function isNavigation(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (req.originalUrl.startsWith("/api/") || req.originalUrl.startsWith("/objects/")) return false;
  return req.accepts(["json", "html"]) === "html";
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page a visitor sees when the site cannot answer at all (the database down and no copy of
 * the page kept): whole by itself, since nothing else may be reachable, and in words, in the
 * language the browser asks for (the site's own setting is in the database that may be down).
 */
function errorPage(status: number, message: string, language: string, say: (key: ServerKey) => string): string {
  const title = say(status === 503 ? "errorPage.breakTitle" : status === 429 ? "errorPage.tooManyTitle" : "errorPage.errorTitle");
  const advice = say(status === 503 || status === 429 ? "errorPage.tryAgainSoon" : "errorPage.tryAgainOrHome");
  return `<!doctype html>
<html lang="${escapeHtml(language)}" dir="${textDirection(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p>${escapeHtml(advice)}</p>
<p><a href="/">${escapeHtml(say("errorPage.homeLink"))}</a></p>
</main>
</body>
</html>
`;
}

export const apiNotFound: RequestHandler = (req) => {
  throw new AppError("NOT_FOUND", "error.noApiRoute", { values: { method: req.method, path: req.path } });
};
