import path from "node:path";
import crypto from "node:crypto";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { jsonBodiesOnly, requireAdminForWrites, sameOriginOnly } from "./auth/guards";
import { createPassport } from "./auth/passport";
import { createSessionLayer, sessionCookieName } from "./auth/session";
import { createThrottle, type ThrottleRule } from "./auth/throttle";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { apiNotFound, errorHandler } from "./lib/error-handler";
import { AppError } from "./lib/errors";
import type { Logger } from "./lib/logger";
import { projectRoot } from "./lib/paths";
import type { ObjectStore } from "./objects/store";
import { pagesRouter } from "./pages";
import { authRouter } from "./routes/auth";
import { backupRouter } from "./routes/backup";
import { writeBackup } from "./services/backup";
import { pingDatabase } from "./storage/health";
import { anonymousListsFastPath, clipsRouter, episodesRouter, providersRouter } from "./routes/content";
import { objectsRouter, uploadsRouter } from "./routes/objects";
import { accessLogRouter, editorsRouter, settingsRouter } from "./routes/settings";
import { createContentService } from "./services/content";
import { createPublicCache } from "./services/public-cache";
import { createEditorsService } from "./services/editors";
import { createSettingsService } from "./services/settings";
import { createShareImages, type ShareImages } from "./services/share-images";
import { createUploadsService } from "./services/uploads";

export interface AppDeps {
  config: Pick<Config, "publicUrl" | "trustProxy" | "env">;
  database: Database;
  store: ObjectStore;
  logger: Logger;
  sessionSecret: string;
  /** Where the built SPA lives; pages are served only when it exists. */
  clientDir?: string;
  /** Rate limits, loosened by tests that are not about them. */
  /** How long visitors' reads are kept in the process (default 5 s; writes here clear them at once). */
  cacheTtlMs?: number;
  /** Tries before throttling: consecutive failed logins per account and address; audition tries a minute. */
  limits?: { loginFailures?: number; auditionFailures?: number; auditionTotal?: number };
  /** Share images, drawn in a worker thread; index.ts closes them on shutdown. */
  shareImages?: ShareImages;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The players the site embeds (DESIGN.md "Security headers"). */
const EMBED_ORIGINS = ['"https://open.spotify.com"', '"https://www.youtube-nocookie.com"', '"https://www.youtube.com"'];
const embeds = `(self ${EMBED_ORIGINS.join(" ")})`;

/**
 * Powerful browser features: none that the site does not use. The players may autoplay after
 * the visitor's press, go full screen and play protected media; the page itself may share.
 */
export const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  `autoplay=${embeds}`,
  `encrypted-media=${embeds}`,
  `fullscreen=${embeds}`,
  `picture-in-picture=${embeds}`,
].join(", ");

/**
 * No page, list or file of the site has a path and query anywhere near this long; refusing
 * longer ones first bounds the work any later pattern or lookup can be made to do.
 */
export const MAX_URL_LENGTH = 2_048;

/**
 * Login throttling (issue 6): consecutive failures per account and address, with a wider budget
 * per address and per account so a spread-out attack still slows down; blocks grow each time.
 */
export function loginRules(consecutive: number): ThrottleRule[] {
  return [
    { name: "login-account-ip", points: consecutive, duration: 15 * 60, baseBlock: 30, maxBlock: 15 * 60 },
    { name: "login-ip", points: consecutive * 6, duration: 60 * 60, baseBlock: 60, maxBlock: 60 * 60 },
    { name: "login-account", points: consecutive * 20, duration: 60 * 60, baseBlock: 60, maxBlock: 15 * 60 },
  ];
}

/** createApp() without listen(), so tests drive it in-process (STYLE.md, Practica). */
export function createApp(deps: AppDeps): Express {
  const { config, database, store, logger } = deps;
  const { db, pool } = database;
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  app.use((req, _res, next) => {
    if (req.url.length > MAX_URL_LENGTH) throw new AppError("URI_TOO_LONG", "The address is too long");
    next();
  });

  const secureOnly = config.publicUrl.startsWith("https://");

  const cache = createPublicCache(deps.cacheTtlMs ?? 5_000);
  const uploads = createUploadsService(db, store);
  const content = createContentService(db, uploads, () => cache.invalidate());
  const settings = createSettingsService(db, () => cache.invalidate());
  const editors = createEditorsService(db, settings);
  const passport = createPassport(db);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/api/health" },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      customLogLevel: (_req, res, err) =>
        res.statusCode === 503 ? "warn" : err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "info" : "debug",
      customErrorMessage: (_req, res) => `request failed with ${res.statusCode}`,
    }),
  );

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          "script-src": ["'self'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          // blob: for the upload dialog's preview of the image being chosen (only script of this
          // origin can make a blob: URL); nothing else is added for images.
          "img-src": ["'self'", "data:", "blob:", "https://i.ytimg.com", "https://img.youtube.com"],
          "frame-src": ["https://open.spotify.com", "https://www.youtube-nocookie.com", "https://www.youtube.com"],
          "connect-src": ["'self'"],
          "font-src": ["'self'", "data:"],
          "object-src": ["'none'"],
          "base-uri": ["'self'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          "upgrade-insecure-requests": secureOnly ? [] : null,
        },
      },
      strictTransportSecurity: secureOnly,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });

  const api = express.Router();
  api.use(sameOriginOnly([new URL(config.publicUrl).origin]));
  api.use(jsonBodiesOnly((req) => req.method === "PUT" && req.path.startsWith("/objects/uploads/")));
  api.use(express.json({ limit: "1mb", strict: true }));
  const cookieName = sessionCookieName(secureOnly);
  api.use(
    createSessionLayer({ pool, secret: deps.sessionSecret, secureOnly, pruneExpired: config.env !== "test", passport }),
  );

  api.get("/health", async (_req, res) => {
    try {
      await pingDatabase(db);
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch {
      throw new AppError("UNAVAILABLE", "The database is unavailable");
    }
  });

  const inProduction = config.env !== "test";
  const loginThrottle = createThrottle(loginRules(deps.limits?.loginFailures ?? 5), {
    pool,
    message: "Too many failed logins. Please wait a few minutes and try again.",
    clearExpired: inProduction,
    resetOnSuccess: ["login-account-ip"],
  });
  const auditionThrottle = createThrottle(
    [
      { name: "audition-ip", points: deps.limits?.auditionFailures ?? 10, duration: 60, baseBlock: 60, maxBlock: 15 * 60 },
      // However many addresses a guesser has, the site checks at most this many codes a minute.
      { name: "audition-all", points: deps.limits?.auditionTotal ?? 30, duration: 60, baseBlock: 60, maxBlock: 60 },
    ],
    { pool, message: "Too many tries. Please wait a minute and try again.", clearExpired: inProduction },
  );

  api.use(requireAdminForWrites);
  api.use("/auth", authRouter(passport, loginThrottle, cookieName, secureOnly));
  api.use("/settings", settingsRouter(settings, cache));
  api.use("/providers", providersRouter(content, cache));
  api.use("/episodes", episodesRouter(content, cache));
  api.use("/clips", clipsRouter(content, cache));
  api.use("/editors", editorsRouter(editors, settings, auditionThrottle));
  api.use("/editor-access-log", accessLogRouter(editors));
  api.use("/objects", uploadsRouter(uploads));
  api.use("/backup", backupRouter((out) => writeBackup(pool, store, out)));
  api.use(apiNotFound);

  app.get(["/api/episodes", "/api/clips", "/api/providers"], anonymousListsFastPath(content, cache, cookieName));
  app.use("/api", api);
  app.use("/objects", objectsRouter(uploads));
  app.use(
    pagesRouter({
      clientDir: deps.clientDir ?? path.join(projectRoot(), "dist", "client"),
      sessionCookieName: cookieName,
      logger,
      publicUrl: config.publicUrl,
      content,
      settings,
      cache,
      shareImages: deps.shareImages ?? createShareImages({ store, logger }),
    }),
  );
  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}
