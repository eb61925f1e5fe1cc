import path from "node:path";
import express, { type Express } from "express";
import { jsonBodiesOnly, refuseLongUrls, requireAdmin, requireAdminForWrites, sameOriginOnly } from "./auth/guards";
import { createPassport } from "./auth/passport";
import { createSessionLayer, sessionCookieName } from "./auth/session";
import { createThrottles, type ThrottleLimits } from "./auth/throttles";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { apiNotFound, errorHandler } from "./lib/error-handler";
import type { Logger } from "./lib/logger";
import { projectRoot } from "./lib/paths";
import { requestLogger } from "./lib/request-logger";
import { securityHeaders } from "./lib/security-headers";
import type { ObjectStore } from "./objects/store";
import { authRouter } from "./routes/auth";
import { backupRouter } from "./routes/backup";
import { clipsRouter, providersRouter } from "./routes/content";
import { episodesRouter } from "./routes/episodes";
import { feedRouter } from "./routes/feed";
import { healthRouter } from "./routes/health";
import { identityRouter } from "./routes/identity";
import { anonymousListsFastPath } from "./routes/lists";
import { objectsRouter, uploadsRouter } from "./routes/objects";
import { pagesRouter } from "./routes/pages";
import { seoRouter } from "./routes/seo";
import { accessLogRouter, editorsRouter, settingsRouter } from "./routes/settings";
import { shareImagesRouter } from "./routes/share-images";
import { staticFiles } from "./routes/static-files";
import { writeBackup } from "./services/backup";
import { createContentService } from "./services/content";
import { createEditorsService } from "./services/editors";
import { createEpisodesService } from "./services/episodes";
import { createFeedSync, type FeedSyncService } from "./services/feed-sync";
import { createIdentityService } from "./services/identity";
import { createFirstPaint } from "./services/first-paint";
import { createPictures } from "./services/pictures";
import { createPublicCache } from "./services/public-cache";
import { createSettingsService } from "./services/settings";
import { createShareImages, type ShareImages } from "./services/share-images";
import { createSiteData } from "./services/site-data";
import { createUploadsService } from "./services/uploads";
import { pingDatabase } from "./storage/health";

export interface AppDeps {
  config: Pick<Config, "publicUrl" | "trustProxy" | "env"> & Partial<Pick<Config, "feedSyncMinutes" | "feedAllowPrivate">>;
  database: Database;
  store: ObjectStore;
  logger: Logger;
  sessionSecret: string;
  /** Where the built SPA lives; pages are served only when it exists. */
  clientDir?: string;
  /** How long visitors' reads are kept in the process (default 5 s; writes here clear them at once). */
  cacheTtlMs?: number;
  /** Rate limits, loosened by tests that are not about them. */
  limits?: ThrottleLimits;
  /** Share images, drawn in a worker thread; index.ts closes them on shutdown. */
  shareImages?: ShareImages;
  /** Where video thumbnails are fetched (YouTube's image host by default; a loopback server in tests). */
  thumbnailBase?: string;
  /** Limits of reading the feed (20 s, 50 MB); tests make them small. */
  feedFetchLimits?: { timeoutMs?: number; maxBytes?: number };
}

/**
 * The composition root (ARCHITECTURE.md): wires the pool into storage-backed services and the
 * services into routers, in the order requests meet them. createApp() without listen(), so tests
 * drive it in-process (docs/style.md, Practica).
 */
export function createApp(deps: AppDeps): Express {
  const { config, database, store, logger } = deps;
  const { db, pool } = database;
  const secureOnly = config.publicUrl.startsWith("https://");
  const clientDir = deps.clientDir ?? path.join(projectRoot(), "dist", "client");

  const cache = createPublicCache(deps.cacheTtlMs ?? 5_000);
  const uploads = createUploadsService(db, store);
  const pictures = createPictures({ store, uploads, allowPrivate: config.feedAllowPrivate ?? false, logger });
  const content = createContentService(db, uploads, () => cache.invalidate(), { pictures, thumbnailBase: deps.thumbnailBase, logger });
  const episodes = createEpisodesService(db, uploads, () => cache.invalidate(), pictures);
  const settings = createSettingsService(db, () => cache.invalidate());
  const editors = createEditorsService(db, settings);
  const identity = createIdentityService(db, uploads, pictures, () => cache.invalidate());
  const siteData = createSiteData({ content, episodes, settings, identity, cache });
  const feed = createFeedSync({
    db,
    settings,
    periodMinutes: config.feedSyncMinutes ?? 0,
    allowPrivate: config.feedAllowPrivate ?? false,
    onChange: () => cache.invalidate(),
    onChannelImage: (url) => identity.offerArtwork(url),
    pictures,
    logger,
    limits: deps.feedFetchLimits,
  });
  const shareImages = deps.shareImages ?? createShareImages({ store, logger });
  const passport = createPassport(db);
  const throttles = createThrottles(pool, deps.limits, config.env !== "test");

  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  app.use(refuseLongUrls);
  app.use(requestLogger(logger));
  app.use(securityHeaders({ secureOnly }));

  const api = express.Router();
  api.use(sameOriginOnly([new URL(config.publicUrl).origin]));
  api.use(jsonBodiesOnly((req) => req.method === "PUT" && req.path.startsWith("/objects/uploads/")));
  api.use(express.json({ limit: "1mb", strict: true }));
  const cookieName = sessionCookieName(secureOnly);
  api.use(createSessionLayer({ pool, secret: deps.sessionSecret, secureOnly, pruneExpired: config.env !== "test", passport }));
  api.use("/health", healthRouter(() => pingDatabase(db)));
  api.use(requireAdminForWrites);
  api.use("/auth", authRouter(passport, throttles.login, cookieName, secureOnly));
  api.use("/settings", settingsRouter(settings, cache));
  api.use("/providers", providersRouter(content, cache));
  api.use("/episodes", episodesRouter(episodes, content, cache));
  api.use("/feed", feedRouter(feed, requireAdmin));
  api.use("/identity", identityRouter(identity, cache));
  api.use("/clips", clipsRouter(content, cache));
  api.use("/editors", editorsRouter(editors, settings, throttles.audition));
  api.use("/editor-access-log", accessLogRouter(editors));
  api.use("/objects", uploadsRouter(uploads));
  api.use("/backup", backupRouter((out) => writeBackup(pool, store, out)));
  api.use(apiNotFound);

  const visitorLists = {
    "/api/episodes": () => episodes.list({ includeDrafts: false }),
    "/api/clips": () => content.listClips({ includeDrafts: false }),
    "/api/providers": () => content.listProviders(),
  };
  app.get(Object.keys(visitorLists), anonymousListsFastPath(visitorLists, cache, cookieName));
  app.use("/api", api);
  app.use("/objects", objectsRouter(uploads, pictures));
  app.use(seoRouter({ publicUrl: config.publicUrl, siteData }));
  app.use(shareImagesRouter({ siteData, shareImages }));
  app.use(staticFiles(clientDir));
  app.use(
    pagesRouter({
      clientDir,
      sessionCookieName: cookieName,
      publicUrl: config.publicUrl,
      siteData,
      cache,
      shareImages,
      firstPaint: createFirstPaint(path.join(path.dirname(clientDir), "ssr", "entry-server.js"), logger),
    }),
  );
  app.use(apiNotFound);
  app.use(errorHandler);
  app.locals.feedSync = feed;
  return app;
}

/** The app's feed sync, for the schedule index.ts starts beside the server. */
export function feedSyncOf(app: Express): FeedSyncService {
  return app.locals.feedSync as FeedSyncService;
}
