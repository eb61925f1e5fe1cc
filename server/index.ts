import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import closeWithGrace from "close-with-grace";
import { createApp } from "./app";
import { ensureAdminAccount, reportAdminBootstrap } from "./modules/auth";
import { prepareDummyHash } from "./modules/auth";
import { ConfigError, loadConfig } from "./config";
import { connectDatabase, type Database } from "./platform/db/client";
import type { EmbeddedServer } from "./platform/db/embedded";
import { runMigrations } from "./platform/db/migrate";
import { rootMessage } from "./platform/http/error-handler";
import { createLogger } from "./platform/runtime/logger";
import { keepMemoryReducerWorking } from "./platform/runtime/memory-reducer";
import { serveMetrics } from "./platform/runtime/metrics";
import { readOrCreateSecret } from "./platform/runtime/secret-file";
import { createLargeFileStore, createMessageFileStore, createObjectStore } from "./platform/objects";
import { fillMissingEpisodeSlugs } from "./modules/episodes";
import { startFeedSchedule } from "./modules/feed";
import { createShareImages, type ShareImages } from "./modules/share-images";

async function main(): Promise<void> {
  const startedAt = Date.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  keepMemoryReducerWorking();

  let embedded: EmbeddedServer | undefined;
  let database: Database | undefined;
  let server: http.Server | undefined;
  let metricsServer: http.Server | undefined;
  let app: ReturnType<typeof createApp> | undefined;
  let shareImages: ShareImages | undefined;

  /** Stop taking connections, finish the requests in flight, then the workers and the database. */
  let stopSchedule: (() => void) | undefined;
  const shutdown = async () => {
    stopSchedule?.();
    if (server) {
      const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
      server.closeIdleConnections();
      const forced = setTimeout(() => server!.closeAllConnections(), 8_000);
      await closing;
      clearTimeout(forced);
    }
    metricsServer?.close();
    if (app) await app.close().catch((err: unknown) => logger.warn({ err }, "stopping the change notices failed"));
    await shareImages?.close().catch((err: unknown) => logger.warn({ err }, "stopping the share-image worker failed"));
    await database?.close().catch((err: unknown) => logger.warn({ err }, "closing the pool failed"));
    await embedded?.stop().catch((err: unknown) => logger.warn({ err }, "stopping PostgreSQL failed"));
    logger.info("stopped");
  };
  // SIGTERM, SIGINT and a crash (an uncaught exception or rejection) all shut down once, within
  // 15 s; a second signal, or the time running out, ends the process at once.
  const grace = closeWithGrace(
    { delay: 15_000, logger: { error: (message: unknown, ...rest: unknown[]) => logger.error({ detail: rest }, String(message)) } },
    async ({ signal, err, manual }) => {
      if (err) logger.fatal({ err }, "crashed; shutting down");
      else logger.info({ reason: signal ?? (manual ? "asked" : "exit") }, "shutting down");
      await shutdown();
    },
  );
  // A crash still stops the embedded server, so the next start finds the cluster clean.
  process.on("exit", () => embedded?.stopSync());

  try {
    fs.mkdirSync(config.dataDir, { recursive: true });
    let url = config.databaseUrl;
    if (!url) {
      const { startEmbeddedPostgres } = await import("./platform/db/embedded");
      embedded = await startEmbeddedPostgres(config.dataDir, logger);
      url = embedded.url;
    }
    database = connectDatabase(url, { onError: (failure) => logger.warn({ err: failure }, "idle database connection failed") });
    await runMigrations(url);
    const slugged = await fillMissingEpisodeSlugs(database.db);
    if (slugged > 0) logger.info({ episodes: slugged }, "gave a slug to episodes from before slugs existed");
    // Checking ADMIN_PASSWORD against the stored hash is a scrypt of some 0.4 s: it runs (on
    // libuv's threads) while the server starts; API requests wait for it (createApp's accountReady).
    const adminAccount = ensureAdminAccount(database.db, { email: config.adminEmail, password: config.adminPassword });
    adminAccount.catch(() => undefined); // awaited below, once the server listens

    if (config.publicUrl.startsWith("https://") && !config.trustProxy) {
      // The session cookie is Secure: over plain HTTP, or behind a proxy the app does not trust,
      // the browser never gets it and the admin cannot log in.
      logger.warn("PUBLIC_URL is https but TRUST_PROXY trusts no proxy: behind a TLS proxy, set TRUST_PROXY=1, or logins will not stick");
    }
    const store = await createObjectStore(config);
    shareImages = createShareImages({ store, logger });
    app = createApp({
      config,
      cacheTtlMs: config.cacheTtlMs,
      database,
      store,
      largeFiles: await createLargeFileStore(config),
      messageFiles: await createMessageFileStore(config),
      shareImages,
      accountReady: adminAccount,
      logger,
      sessionSecret: config.sessionSecret ?? readOrCreateSecret(path.join(config.dataDir, "session-secret"), { minLength: 32 }),
    });
    // Idle and slow sockets are checked every 2 s (Node's default is 30 s), so the header and
    // request time-outs below bite quickly.
    server = http.createServer({ connectionsCheckingInterval: 2_000 }, app.listener);
    // Slow clients cannot hold sockets for ever (slowloris).
    server.headersTimeout = 10_000;
    server.requestTimeout = 30_000;
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(config.port, config.host, () => resolve());
    });
    reportAdminBootstrap(await adminAccount, logger);
    const stopFeedSchedule = startFeedSchedule(app.feed, logger);
    const stopMessagesSweep = startMessagesSweep(app, logger);
    stopSchedule = () => {
      stopFeedSchedule();
      stopMessagesSweep();
    };
    if (config.metricsPort !== undefined) {
      metricsServer = await serveMetrics(app.metrics.registry, config.metricsPort);
      logger.info({ url: `http://127.0.0.1:${config.metricsPort}/metrics` }, "metrics served");
    }
    logger.info(
      {
        url: config.publicUrl,
        host: config.host,
        port: config.port,
        database: embedded ? "embedded" : "DATABASE_URL",
        ms: Date.now() - startedAt,
      },
      "podcast site ready",
    );
    // Off the start's path (scrypt runs on libuv's threads): the first unknown-account try then
    // costs one hash, like every other.
    prepareDummyHash().catch((err: unknown) =>
      logger.warn({ err: (err as Error).message }, "the dummy password hash was not made; it is made on first need"),
    );
  } catch (err) {
    logger.fatal({ err: { message: rootMessage(err) } }, "could not start");
    grace.uninstall();
    await shutdown();
    process.exit(1);
  }
}

/**
 * Listeners' messages past MESSAGES_KEEP_DAYS, and voice messages whose recording never came within
 * their hour, are deleted with their files: once at start, then every hour (the keeping time is
 * counted in days; the hour bounds how long an abandoned recording's row waits).
 */
function startMessagesSweep(app: ReturnType<typeof createApp>, logger: ReturnType<typeof createLogger>): () => void {
  const sweep = () =>
    void app
      .sweepMessages()
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "deleted expired listeners' messages");
      })
      .catch((err: unknown) => logger.warn({ err }, "deleting expired listeners' messages failed"));
  sweep();
  const timer = setInterval(sweep, 60 * 60_000).unref();
  return () => clearInterval(timer);
}

void main();
