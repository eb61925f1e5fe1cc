import connectPgSimple from "connect-pg-simple";
import type { RequestHandler } from "express";
import type { PassportInstance } from "./passport";
import session from "express-session";
import type pg from "pg";

export const IDLE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

declare module "express-session" {
  interface SessionData {
    startedAt?: number;
  }
}

export const sessionCookieName = (secureOnly: boolean) => (secureOnly ? "__Host-sid" : "sid");

/**
 * Sessions live in PostgreSQL, so they survive restarts and are shared by every instance
 * (docs/product.md "Scale-out"). Over HTTPS the cookie takes the __Host- prefix: Secure, no Domain,
 * path /.
 */
function createSessionMiddleware(options: { pool: pg.Pool; secret: string; secureOnly: boolean; pruneExpired: boolean }): {
  middleware: RequestHandler;
  close(): Promise<void>;
} {
  const PgStore = connectPgSimple(session);
  const store = new PgStore({
    pool: options.pool,
    tableName: "session",
    createTableIfMissing: false,
    pruneSessionInterval: options.pruneExpired ? 15 * 60 : false,
    // Store failures reach the request's error path (a 503); no raw stack on the console.
    errorLog: () => {},
  });
  const middleware = session({
    store,
    name: sessionCookieName(options.secureOnly),
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
  // The store prunes expired sessions on a timer of its own until closed.
  return { middleware, close: async () => await Promise.resolve(store.close()) };
}

/** Ends sessions older than the absolute lifetime, however active they are. */
const enforceAbsoluteLifetime: RequestHandler = (req, _res, next) => {
  const started = req.session?.startedAt;
  if (started && Date.now() - started > ABSOLUTE_LIFETIME_MS) {
    // A new, empty session replaces the old one (whose row is deleted): logged out, not broken.
    req.session.regenerate((err) => next(err));
    return;
  }
  next();
};

/**
 * The session, its absolute lifetime and Passport's user, as one middleware for /api.
 * - A visitor's read without a session cookie has no session to load: the store is not touched.
 * - express-session reports a save that failed at the end of a response by calling next again,
 *   after the answer was sent; passed on, Express would cut the connection. It is logged instead.
 */
export function createSessionLayer(options: {
  pool: pg.Pool;
  secret: string;
  secureOnly: boolean;
  pruneExpired: boolean;
  passport: PassportInstance;
}): { handler: RequestHandler; close(): Promise<void> } {
  const { middleware: session, close } = createSessionMiddleware(options);
  const cookie = `${sessionCookieName(options.secureOnly)}=`;
  const initialize = options.passport.initialize();
  const restore = options.passport.session();
  const withSession: RequestHandler = (req, res, next) => {
    let continued = false;
    session(req, res, (err?: unknown) => {
      if (continued) {
        req.log?.warn({ cause: (err as Error | undefined)?.message }, "session save failed after the response");
        return;
      }
      continued = true;
      next(err);
    });
  };
  const handler: RequestHandler = (req, res, next) => {
    initialize(req, res, (initErr?: unknown) => {
      if (initErr) return next(initErr);
      const hasCookie = (req.headers.cookie ?? "").includes(cookie);
      if (!hasCookie && (req.method === "GET" || req.method === "HEAD")) return next();
      withSession(req, res, (err?: unknown) => {
        if (err) return next(err);
        enforceAbsoluteLifetime(req, res, (lifetimeErr?: unknown) => {
          if (lifetimeErr) return next(lifetimeErr);
          restore(req, res, next);
        });
      });
    });
  };
  return { handler, close };
}
