// Longer than 200 lines: the composition root, where every router, service and middleware is
// wired in its order (ARCHITECTURE.md "Requests"); its measurements are in platform/runtime/app-metrics.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import type { RequestListener } from "node:http";
import path from "node:path";
import express, { type Express } from "express";
import { analyticsRouter } from "./modules/analytics";
import { createAnalytics, type AnalyticsOptions } from "./modules/analytics";
import { answeredFast, countRuntime, routeLabel, secondsSince } from "./platform/runtime/app-metrics";
import { requireAdmin, requireAdminForWrites } from "./modules/auth";
import { jsonBodiesOnly, refuseLongUrls, sameOriginOnly } from "./platform/http/request-guards";
import { createPassport } from "./modules/auth";
import type { ScryptCost } from "./modules/auth";
import { createSessionLayer, sessionCookieName } from "./modules/auth";
import { createThrottles, type ThrottleLimits } from "./modules/auth";
import type { Config } from "./config";
import { createSiteWrites, startChangeBus, type ChangeBus } from "./platform/db/change-bus";
import type { Database } from "./platform/db/client";
import { newestMigrationMark } from "./platform/db/migrate";
import { apiNotFound, createErrorHandler } from "./platform/http/error-handler";
import { AppError } from "./platform/http/errors";
import { createFastPath, type FastPath } from "./platform/http/fast-path";
import type { Logger } from "./platform/runtime/logger";
import { projectRoot } from "./platform/runtime/paths";
import { createMetrics, type Metrics } from "./platform/runtime/metrics";
import { createSearchGate, type SearchGateLimits } from "./platform/limits/search-gate";
import { requestLogger } from "./platform/http/request-logger";
import { securityHeaders } from "./platform/http/security-headers";
import type { ObjectStore } from "./platform/objects/store";
import type { LargeFileStore } from "./platform/objects/large-files";
import { accessLogRouter, auditionsRouter, editorsRouter, handInsRouter, isHandInUploadBody } from "./modules/auditions";
import { createAuditionsService } from "./modules/auditions";
import { authRouter } from "./modules/auth";
import { rememberActor } from "./modules/auth";
import { accessRouter, createAccessService, type AccessService } from "./modules/access";
import { createDeviceCookies } from "./modules/auth";
import { throttleAddress } from "./platform/http/client-address";
import { backupRouter } from "./modules/backup";
import { episodesRouter } from "./modules/episodes";
import { feedRouter } from "./modules/feed";
import { healthRouter } from "./platform/http/health";
import { identityRouter } from "./modules/identity";
import { anonymousListsFastPath } from "./platform/ordered-lists/routes";
import { clipsRouter } from "./modules/clips";
import { providersRouter } from "./modules/providers";
import { objectsRouter, uploadsRouter } from "./modules/pictures";
import { languagesRouter } from "./modules/languages";
import { pagesRouter } from "./modules/pages";
import { createPageService } from "./modules/pages";
import { peopleRouter } from "./modules/people";
import { seoRouter } from "./modules/pages";
import { settingsRouter } from "./modules/settings";
import { shareImagesRouter } from "./modules/share-images";
import { staticFiles } from "./platform/http/static-files";
import { writeBackup } from "./modules/backup";
import { createClipsService } from "./modules/clips";
import { createProvidersService } from "./modules/providers";
import { createEditorsService } from "./modules/auditions";
import { createEpisodesService } from "./modules/episodes";
import { createFeedLinkedFiles, type FeedLinkedFiles } from "./modules/feed";
import { createFeedSync, type FeedSyncService } from "./modules/feed";
import { createFeedWorkers, type FeedWorkerLimits } from "./modules/feed";
import { createIdentityService } from "./modules/identity";
import { createPeopleService } from "./modules/people";
import { createFirstPaint } from "./modules/pages";
import { createFaviconSource, createPictures } from "./modules/pictures";
import { createPublicCache } from "./platform/http/public-cache";
import { createSettingsService } from "./modules/settings";
import { createShareImages, type ShareImages } from "./modules/share-images";
import { createPageData } from "./modules/pages";
import { createUploadsService } from "./modules/pictures";
import { appliedMigrationMark, pingDatabase } from "./platform/db/health";
import { requestLanguage, translator } from "./modules/languages";
import { DEFAULT_LANGUAGE, siteLanguageOf } from "../shared/languages";
import { siteNameOf } from "../shared/page-titles";
import { cutAtWord } from "../shared/strings";
import { createMailer } from "./platform/mail/mailer";
import { createNotices, mailRouter, type NoticesService } from "./modules/notices";
import { createAudioInspector, createMessagesService, isMessageAudioBody, messagesRouter, type MessagesService } from "./modules/messages";
import type { Message } from "../shared/messages";

export interface AppDeps {
  config: Pick<Config, "publicUrl" | "trustProxy" | "env"> &
    Partial<
      Pick<
        Config,
        "feedSyncMinutes" | "feedAllowPrivate" | "accessLogSample" | "auditionMaxBytes" | "auditionQuotaBytes" | "smtpUrl" | "mailFrom"
      >
    > &
    Partial<Pick<Config, "messagesKeepDays" | "messagesQuotaBytes">>;
  database: Database;
  store: ObjectStore;
  /** The audition hand-ins' files; without it, hand-ins are refused (503). */
  largeFiles?: LargeFileStore;
  /** Listeners' voice messages' files, kept privately; without it, voice messages are refused (503). */
  messageFiles?: LargeFileStore;
  /** Listeners' messages: told when one has arrived (the e-mail); tests make the challenge easy. */
  messages?: { onArrived?: (message: Message) => unknown; challengeMaxNumber?: number };
  logger: Logger;
  sessionSecret: string;
  /** Where the built SPA lives; pages are served only when it exists. */
  clientDir?: string;
  /** How long visitors' reads are kept when no notice of a change comes (default 5 s; a write clears them at once). */
  cacheTtlMs?: number;
  /** Rate limits, loosened by tests that are not about them. */
  limits?: ThrottleLimits;
  /** Share images, drawn in a worker thread; index.ts closes them on shutdown. */
  shareImages?: ShareImages;
  /** Where video thumbnails are fetched (YouTube's image host by default; a loopback server in tests). */
  thumbnailBase?: string;
  /** Limits of reading the feed (20 s, 50 MB); tests make them small. */
  feedFetchLimits?: { timeoutMs?: number; maxBytes?: number };
  /** How many searches a client may have under way and start (2 at once, 60 a minute), and this instance run and queue (2, 62); tests change them. */
  searchLimits?: SearchGateLimits;
  /** Limits of the worker that reads feeds and transcripts (1 GB of heap, 60 s a file). */
  feedWorkerLimits?: FeedWorkerLimits;
  /**
   * scrypt's cost for the passwords and the audition prefix the app hashes, and the cost a login
   * brings an older hash up to (default modules/auth/passwords.ts's PASSWORD_COST; tests pass a cheap one).
   */
  passwordCost?: ScryptCost;
  /** The owner's analytics: how often they are written (5 s), how many beacons a client may send; tests change them. */
  analytics?: AnalyticsOptions;
  /**
   * Settles once the admin account is as ADMIN_EMAIL and ADMIN_PASSWORD say (index.ts checks the
   * password while the server starts taking requests: scrypt takes a few hundred milliseconds).
   * Until then, every API request but the health checks waits, so none meets the old password
   * or a session the new one is about to end.
   */
  accountReady?: Promise<unknown>;
}

/** The site as its callers use it: index.ts serves it and runs its schedule, tests drive it. */
export interface SiteApp {
  /** The Express app (every request the fast path does not answer). */
  express: Express;
  /** The server's request handler: the fast path first, then Express. */
  listener: RequestListener;
  /** The feed sync, for the schedule index.ts starts beside the server. */
  feed: FeedSyncService;
  /** The background fetching of episodes' files. */
  linkedFiles: FeedLinkedFiles;
  metrics: Metrics;
  bus: ChangeBus;
  /** The owners' e-mail about new hand-ins and messages: index.ts sends what is pending every minute. */
  notices: NoticesService;
  /** Removes audition uploads left unfinished past their day (hourly on a running site); answers how many. */
  sweepAuditions(now?: Date): Promise<number>;
  /** Deletes messages past MESSAGES_KEEP_DAYS and voice messages whose recording never came (hourly on a running site); answers how many. */
  sweepMessages(now?: Date): Promise<number>;
  /**
   * Stops everything the app runs beside its requests: the background fetches of episodes'
   * files, the feed worker, the change bus's connection, the throttles' sweep, the session
   * store's pruning, the share images' worker when createApp made it (one passed in is the
   * caller's to close), and the analytics' schedule, after writing what they counted. Before the pool ends; the fetches end first (they write), then the rest,
   * each stopped even if another fails, and the first failure is thrown after.
   */
  close(): Promise<void>;
}

const handInsUnavailable: express.RequestHandler = () => {
  throw new AppError("UNAVAILABLE", "handInRefusal.closed");
};

/** The error handler's words: the catalogues, in the language each request asks for (English for the logs). */
const errorHandler = createErrorHandler({
  translate: (req, key, values) => translator(req ? requestLanguage(req) : DEFAULT_LANGUAGE).t(key, values),
  languageOf: requestLanguage,
});

/**
 * The composition root (ARCHITECTURE.md): wires the pool into storage-backed services and the
 * services into routers, in the order requests meet them. createApp() without listen(), so tests
 * drive it in-process (docs/style.md, Practica).
 */
export function createApp(deps: AppDeps): SiteApp {
  const { config, database } = deps;
  const secureOnly = config.publicUrl.startsWith("https://");
  const clientDir = deps.clientDir ?? path.join(projectRoot(), "dist", "client");
  const services = createServices(deps);
  const front = createFrontDoor(deps, services, secureOnly);
  countRuntime(services.metrics, { cache: services.cache, bus: services.bus, pool: database.pool });

  const app = createExpressApp(deps, services.metrics, secureOnly);
  const sessions = mountApi(app, deps, services, front);
  mountPages(app, deps, services, front, clientDir);
  app.use(apiNotFound);
  app.use(errorHandler);
  const {
    cache,
    bus,
    linkedFiles,
    auditionSweep,
    feedWorkers,
    messageAudio,
    throttles,
    ownShareImages,
    auditions,
    feed,
    metrics,
    mailer,
    notices,
  } = services;
  const { fastPath, analytics } = front;
  // Everything createApp started that runs beside the requests, in the order to stop it: the
  // background fetches first (they write), then the feed worker, then the rest.
  const stops: (() => Promise<void> | void)[] = [
    () => linkedFiles.close(),
    () => clearInterval(auditionSweep),
    () => feedWorkers.close(),
    () => messageAudio.close(),
    () => bus.close(),
    () => throttles.close(),
    () => sessions.close(),
    () => mailer.close(),
    () => ownShareImages?.close(),
    // What the analytics counted since their last write.
    () => analytics.close(),
    // What is kept in memory, with the timers that free it when it expires.
    () => cache.invalidate(),
  ];
  return {
    express: app,
    // A beacon, or a visitor's read the fast path knows, is answered at once; everything else goes to Express.
    listener: (req, res) => {
      if (!analytics.collect(req, res) && !fastPath.serve(req, res)) app(req, res);
    },
    feed,
    linkedFiles,
    metrics,
    bus,
    notices,
    sweepAuditions: (now) => auditions?.sweep(now) ?? Promise.resolve(0),
    sweepMessages: (now) => services.messages.sweep(now),
    close: () => stopAll(stops),
  };
}

/** Runs the stops: the first alone, then the rest together, each even if another fails; throws the first failure after. */
async function stopAll(stops: (() => Promise<void> | void)[]): Promise<void> {
  const [first, ...rest] = stops;
  const results = [...(await Promise.allSettled([first!()])), ...(await Promise.allSettled(rest.map(async (stop) => stop())))];
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}

type Services = ReturnType<typeof createServices>;

/** The storage-backed services, wired to one another, the public cache, the metrics and the change bus. */
function createServices(deps: AppDeps) {
  const { config, database, store, logger } = deps;
  const { db, pool } = database;
  const ttlMs = deps.cacheTtlMs ?? 5_000;
  const cache = createPublicCache({ ttlMs });
  const metrics = createMetrics({ processMetrics: config.env !== "test" });
  // A notice of another instance's write drops this one's cache; a write here carries its notice
  // in its own transaction and drops this one's cache once committed.
  const bus = startChangeBus({ pool, onChange: () => cache.invalidate(), logger });
  const writes = createSiteWrites(db, bus, () => cache.invalidate());
  const uploads = createUploadsService(db, store);
  const pictures = createPictures({ store, uploads, allowPrivate: config.feedAllowPrivate ?? false, logger });
  const feedWorkers = createFeedWorkers(deps.feedWorkerLimits);
  const linkedFiles = createFeedLinkedFiles({
    db,
    writes,
    workers: feedWorkers,
    uploads,
    pictures,
    allowPrivate: config.feedAllowPrivate ?? false,
    logger,
    timeoutMs: deps.feedFetchLimits?.timeoutMs,
  });
  const providers = createProvidersService(db, uploads, writes);
  const clips = createClipsService(db, writes, { pictures, thumbnailBase: deps.thumbnailBase, logger });
  // The episodes' people are the people room's; a person's episodes are listed as every list shows them.
  const people = createPeopleService(db, { listPublished: (ids) => episodes.listPublishedByIds(ids) });
  const episodes = createEpisodesService(db, uploads, writes, {
    pictures,
    fetchArtwork: () => linkedFiles.kick(),
    peopleOf: (id) => people.ofEpisode(id),
  });
  const settings = createSettingsService(db, writes, deps.passwordCost);
  const editors = createEditorsService(db, settings);
  const access = createAccessService(db, { publicUrl: config.publicUrl, passwordCost: deps.passwordCost });
  const mail = createMail(deps, settings, access);
  const { mailer, notices } = mail;
  const { auditions, auditionSweep } = createAuditions(deps, settings, mail);
  const identity = createIdentityService(db, uploads, pictures, writes);
  // Listeners' recordings are read in a worker of their own (heap and time limited).
  const messageAudio = createAudioInspector();
  const messages = createMessages(deps, settings, episodes, mail, messageAudio);
  const pageData = createPageData({
    providers,
    clips,
    episodes,
    settings,
    identity,
    people,
    cache,
    searchGate: createSearchGate(deps.searchLimits),
  });
  const feed = createFeedSync({
    db,
    episodes,
    writes,
    settings,
    workers: feedWorkers,
    linkedFiles,
    periodMinutes: config.feedSyncMinutes ?? 0,
    allowPrivate: config.feedAllowPrivate ?? false,
    onChannelImage: (url) => identity.offerArtwork(url),
    onHosts: (hosts) => identity.offerFeedHosts(hosts),
    onLinks: (links) => identity.offerFeedLinks(links),
    logger,
    limits: deps.feedFetchLimits,
    onSynced: (outcome) => metrics.feedSynced(outcome),
  });
  // Share images made here are closed with the app; ones passed in are the caller's to close.
  const ownShareImages = deps.shareImages ? undefined : createShareImages({ store, logger });
  const shareImages = deps.shareImages ?? ownShareImages!;
  const passport = createPassport(db, deps.passwordCost);
  const throttles = createThrottles(pool, deps.limits, config.env !== "test");
  return {
    access,
    ttlMs,
    cache,
    metrics,
    bus,
    uploads,
    pictures,
    feedWorkers,
    messageAudio,
    linkedFiles,
    providers,
    clips,
    episodes,
    settings,
    editors,
    auditions,
    auditionSweep,
    messages,
    identity,
    pageData,
    feed,
    ownShareImages,
    shareImages,
    passport,
    throttles,
    mailer,
    notices,
  };
}

/** E-mail (SMTP_URL; without it nothing is sent) and the owners' notices it carries, in the site's name and language. */
function createMail(deps: AppDeps, settings: ReturnType<typeof createSettingsService>, access: Pick<AccessService, "ownerEmails">) {
  const { config, database, logger } = deps;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, publicUrl: config.publicUrl, logger });
  const site = async () => {
    const values = await settings.getMany(["podcast_title", "site_language"]);
    return { name: siteNameOf(values.get("podcast_title")), language: siteLanguageOf(values.get("site_language")) };
  };
  const notices = createNotices({
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    site,
    ownerEmails: () => access.ownerEmails(),
    logger,
  });
  return { mailer, notices, site };
}

/** The hand-ins' service and its sweep, when the site has a store for their files. */
function createAuditions(deps: AppDeps, settings: ReturnType<typeof createSettingsService>, mail: ReturnType<typeof createMail>) {
  const { config, database, logger } = deps;
  const auditions = deps.largeFiles
    ? createAuditionsService({
        db: database.db,
        files: deps.largeFiles,
        checkCode: (code) => settings.checkAuditionPassword(code),
        secret: deps.sessionSecret,
        limits: { maxBytes: config.auditionMaxBytes ?? 1024 ** 3, quotaBytes: config.auditionQuotaBytes ?? 20 * 1024 ** 3 },
        logger,
        // Each hand-in that completes is queued for the owners' e-mail (docs/product.md "E-mail").
        onHandedIn: (handIn) =>
          mail.notices.queueNotice({ kind: "hand-in", id: handIn.id, summary: `${handIn.name} (${handIn.fileName})` }),
        mailer: mail.mailer,
        siteName: async () => (await mail.site()).name,
      })
    : undefined;
  // Every 5 minutes: an upload idle for 15 holds no space already, and this gives its files' disk back soon after.
  const auditionSweep =
    auditions && config.env !== "test" ? setInterval(() => void auditions.sweep().catch(() => {}), 5 * 60_000).unref() : undefined;
  return { auditions, auditionSweep };
}

/**
 * One line naming a listener's message in the owners' e-mail, in no language of its own: who sent
 * it (when they said), its length or the start of its text, and the episode it is about.
 */
function messageSummary(message: Message): string {
  const who = message.name || message.email || "—";
  const seconds = message.durationSeconds ?? 0;
  const what =
    message.kind === "voice"
      ? `🎙 ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`
      : `“${cutAtWord((message.text ?? "").replace(/\s+/g, " ").trim(), 80)}”`;
  return [who, what, message.episodeTitle ? `(${message.episodeTitle})` : ""].filter(Boolean).join(" · ");
}

/** Listeners' messages, signed and keyed with a secret derived from the session secret. */
function createMessages(
  deps: AppDeps,
  settings: ReturnType<typeof createSettingsService>,
  episodes: ReturnType<typeof createEpisodesService>,
  mail: ReturnType<typeof createMail>,
  audio: ReturnType<typeof createAudioInspector>,
): MessagesService {
  const { config, database, logger } = deps;
  return createMessagesService({
    db: database.db,
    files: deps.messageFiles,
    inspectAudio: audio.inspect,
    secret: crypto.createHmac("sha256", deps.sessionSecret).update("listeners-messages").digest("base64url"),
    isEnabled: async () => (await settings.getMany(["messages_enabled"])).get("messages_enabled") === "true",
    findEpisode: (slug) =>
      episodes.getBySlug(slug, { includeDrafts: false }).then(
        (episode) => ({ id: episode.id }),
        (err: unknown) => {
          if (err instanceof AppError && err.code === "NOT_FOUND") return null;
          throw err;
        },
      ),
    limits: { keepDays: config.messagesKeepDays ?? 365, quotaBytes: config.messagesQuotaBytes ?? 5 * 1024 ** 3 },
    challengeMaxNumber: deps.messages?.challengeMaxNumber,
    // Each message that arrives is queued for the owners' e-mail (docs/product.md "E-mail").
    onArrived: async (message) => {
      await deps.messages?.onArrived?.(message);
      await mail.notices.queueNotice({ kind: "message", id: message.id, summary: messageSummary(message) });
    },
    logger,
  });
}

/** What answers before Express, and what it needs to tell a visitor from a session: the fast path and the analytics' beacons. */
interface FrontDoor {
  secureOnly: boolean;
  cookieName: string;
  fastPath: FastPath;
  analytics: ReturnType<typeof createAnalytics>;
}

/** The fast path and the analytics, both forgetting what they keep whenever the public cache is dropped. */
function createFrontDoor(deps: AppDeps, services: Services, secureOnly: boolean): FrontDoor {
  const { config, database, logger } = deps;
  const { cache, metrics, ttlMs } = services;
  const cookieName = sessionCookieName(secureOnly);
  const fastPath = createFastPath({
    isAnonymous: (req) => !(req.headers.cookie ?? "").includes(`${cookieName}=`),
    ttlMs,
    labelOf: routeLabel,
    onAnswer: answeredFast(metrics, logger, config.accessLogSample ?? 100),
  });
  cache.onInvalidate(() => fastPath.clear());
  const analytics = createAnalytics({
    db: database.db,
    logger,
    publicUrl: config.publicUrl,
    sessionCookieName: cookieName,
    trustProxy: config.trustProxy,
    onAnswer: answeredFast(metrics, logger, config.accessLogSample ?? 100),
    options: deps.analytics,
  });
  cache.onInvalidate(() => analytics.contentChanged());
  return { secureOnly, cookieName, fastPath, analytics };
}

/** The Express app with what every request meets first: its metrics, the request log, the security headers, the long-address refusal. */
function createExpressApp(deps: AppDeps, metrics: Metrics, secureOnly: boolean): Express {
  const { config, logger } = deps;
  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy !== undefined) app.set("trust proxy", config.trustProxy);
  app.use((req, res, next) => {
    const startedAt = process.hrtime.bigint();
    res.once("finish", () => metrics.observeRequest(routeLabel(req, res), req.method, res.statusCode, secondsSince(startedAt), "express"));
    next();
  });
  // A client refused with 429 is logged once a minute, counted as its throttles count it (its network).
  app.use(requestLogger(logger, (req) => throttleAddress((req as express.Request).ip)));
  app.use(securityHeaders({ secureOnly }));
  // Logged and with the site's headers like any answer, before anything reads the path.
  app.use(refuseLongUrls);
  return app;
}

/** Mounts the visitors' lists' fast answers and the API under /api: its guards, sessions, then each module's router; answers the session layer. */
function mountApi(app: Express, deps: AppDeps, services: Services, front: FrontDoor) {
  const { config, database, store } = deps;
  const { db, pool } = database;
  const { secureOnly, cookieName, fastPath, analytics } = front;
  const {
    cache,
    passport,
    throttles,
    settings,
    providers,
    episodes,
    pageData,
    feed,
    identity,
    clips,
    editors,
    auditions,
    uploads,
    mailer,
    messages,
  } = services;
  const api = express.Router();
  api.use(sameOriginOnly([new URL(config.publicUrl).origin]));
  api.use(
    jsonBodiesOnly(
      (req) => (req.method === "PUT" && req.path.startsWith("/objects/uploads/")) || isHandInUploadBody(req) || isMessageAudioBody(req),
    ),
  );
  api.use(express.json({ limit: "1mb", strict: true }));
  const sessions = createSessionLayer({ pool, secret: deps.sessionSecret, secureOnly, pruneExpired: config.env !== "test", passport });
  api.use(
    "/health",
    healthRouter({
      databaseAnswers: () => pingDatabase(db),
      migrationsDone: async () => ((await appliedMigrationMark(db)) ?? 0) >= newestMigrationMark(),
    }),
  );
  const { accountReady } = deps;
  if (accountReady) api.use((_req, _res, next) => void accountReady.then(() => next(), next));
  api.use(sessions.handler);
  api.use(requireAdminForWrites);
  // Who makes this request: content writes record it (updated_by).
  api.use(rememberActor);
  api.use("/users", accessRouter(services.access, throttles.accept, requireAdmin));
  api.use("/auth", authRouter(passport, throttles.login, createDeviceCookies(deps.sessionSecret, secureOnly), cookieName, secureOnly));
  api.use("/settings", settingsRouter(settings, cache, fastPath));
  api.use("/providers", providersRouter(providers, cache, fastPath));
  api.use("/episodes", episodesRouter(episodes, pageData, cache, fastPath));
  api.use("/feed", feedRouter(feed, episodes, requireAdmin));
  api.use("/identity", identityRouter(identity, cache, fastPath));
  api.use("/people", peopleRouter(pageData));
  api.use("/clips", clipsRouter(clips, cache, fastPath));
  api.use("/editors", editorsRouter(editors, settings, throttles.audition));
  api.use("/editors/hand-ins", auditions ? handInsRouter(auditions, throttles.audition) : handInsUnavailable);
  api.use("/editor-access-log", accessLogRouter(editors));
  if (auditions) api.use("/auditions", auditionsRouter(auditions));
  api.use("/messages", messagesRouter(messages, requireAdmin));
  api.use("/objects", uploadsRouter(uploads));
  api.use("/analytics", analyticsRouter(analytics, requireAdmin));
  api.use("/languages", languagesRouter(db, requireAdmin));
  api.use("/mail", mailRouter(mailer, requireAdmin));
  api.use(
    "/backup",
    backupRouter((out) => writeBackup(pool, store, out, deps.largeFiles, deps.messageFiles)),
  );
  api.use(apiNotFound);

  const visitorLists = {
    "/api/episodes": () => episodes.list({ includeDrafts: false }),
    "/api/clips": () => clips.list({ includeDrafts: false }),
    "/api/providers": () => providers.list({ includeDrafts: false }),
  };
  app.get(Object.keys(visitorLists), anonymousListsFastPath(visitorLists, cache, cookieName, fastPath));
  app.use("/api", api);
  return sessions;
}

/** Mounts what a browser opens: the stored pictures, the SEO files and icon, the share images, the built client's files and its pages. */
function mountPages(app: Express, deps: AppDeps, services: Services, front: FrontDoor, clientDir: string): void {
  const { config, logger } = deps;
  const { uploads, pictures, pageData, shareImages, cache } = services;
  const { cookieName, fastPath } = front;
  app.use("/objects", objectsRouter(uploads, pictures));
  // The shipped icon, from the source tree like the migrations (the built client's copy is absent in tests).
  const defaultIcon = path.join(projectRoot(), "client", "public", "favicon.svg");
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a fixed file of the project
  const favicon = createFaviconSource({ pictures, defaultSvg: () => fs.readFileSync(defaultIcon) });
  app.use(seoRouter({ publicUrl: config.publicUrl, pageData, favicon }));
  app.use(shareImagesRouter({ pageData, shareImages }));
  app.use(staticFiles(clientDir));
  app.use(
    pagesRouter({
      pages: createPageService({
        clientDir,
        publicUrl: config.publicUrl,
        pageData,
        shareImages,
        firstPaint: createFirstPaint(path.join(path.dirname(clientDir), "ssr", "entry-server.js"), logger),
      }),
      sessionCookieName: cookieName,
      cache,
      fastPath,
    }),
  );
}
