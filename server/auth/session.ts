import connectPgSimple from "connect-pg-simple";
import type { RequestHandler } from "express";
import session from "express-session";
import type pg from "pg";

export const IDLE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

declare module "express-session" {
  interface SessionData {
    startedAt?: number;
  }
}

/**
 * Sessions live in PostgreSQL, so they survive restarts and are shared by every instance
 * (DESIGN.md "Scale-out"). Over HTTPS the cookie takes the __Host- prefix: Secure, no Domain,
 * path /.
 */
export function createSessionMiddleware(options: {
  pool: pg.Pool;
  secret: string;
  secureOnly: boolean;
  pruneExpired: boolean;
}): RequestHandler {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool: options.pool,
    tableName: "session",
    createTableIfMissing: false,
    pruneSessionInterval: options.pruneExpired ? 15 * 60 : false,
    // Store failures reach the request's error path (a 503); no raw stack on the console.
    errorLog: () => {},
  });
  return session({
    store,
    name: options.secureOnly ? "__Host-sid" : "sid",
    secret: options.secret,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: undefined,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      secure: options.secureOnly ? true : "auto",
      path: "/",
      maxAge: IDLE_LIFETIME_MS,
    },
  });
}

/** Ends sessions older than the absolute lifetime, however active they are. */
export const enforceAbsoluteLifetime: RequestHandler = (req, _res, next) => {
  const started = req.session?.startedAt;
  if (started && Date.now() - started > ABSOLUTE_LIFETIME_MS) {
    // A new, empty session replaces the old one (whose row is deleted): logged out, not broken.
    req.session.regenerate((err) => next(err));
    return;
  }
  next();
};
