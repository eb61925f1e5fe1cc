import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { Logger } from "../runtime/logger";
import { readOrCreateSecret, readSecret } from "../runtime/secret-file";
import { takeAppLock } from "./app-lock";
import { clusterPaths, DB_USER, startCluster } from "./cluster";
import { systemHost } from "./host";
import { runningServerPid } from "./stale-server";

const DB_NAME = "app";

export interface EmbeddedServer {
  /** A pg connection URL to the app database, through a Unix socket inside DATA_DIR. */
  url: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
  /** For an 'exit' handler, where nothing asynchronous runs any more. */
  stopSync(): void;
}

function socketUrl(password: string, socketDir: string, database: string): string {
  return `postgresql://${DB_USER}:${encodeURIComponent(password)}@localhost/${database}?host=${encodeURIComponent(socketDir)}`;
}

const passwordFile = (root: string) => path.join(root, "postgres-password");

/**
 * The URL of the embedded server when a running app already has it up (for `npm run backup`
 * beside a live site), or null.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const root = path.resolve(dataDir);
  const { clusterDir, socketDir } = clusterPaths(root);
  if (!runningServerPid(clusterDir, systemHost)) return null;
  const password = readSecret(passwordFile(root));
  return password ? socketUrl(password, socketDir, DB_NAME) : null;
}

/** The cluster's own `app` database (initdb makes only `postgres`). */
async function ensureDatabase(maintenanceUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}

/**
 * The embedded PostgreSQL in DATA_DIR (docs/decisions/001-embedded-postgres.md): the app lock,
 * then the cluster, then the app database. `lock: false` for tests and tools that run their own
 * server beside an app; `fast` trades durability for speed in tests.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
  options: { lock?: boolean; fast?: boolean } = {},
): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  fs.mkdirSync(root, { recursive: true });
  const lock = options.lock === false ? undefined : await takeAppLock(root, logger);
  try {
    const password = readOrCreateSecret(passwordFile(root));
    const cluster = await startCluster({ root, password, logger, fast: options.fast });
    const urlFor = (database: string) => socketUrl(password, cluster.socketDir, database);
    try {
      await ensureDatabase(urlFor("postgres"), DB_NAME);
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return {
      url: urlFor(DB_NAME),
      urlFor,
      async stop() {
        await cluster.stop();
        lock?.release();
      },
      stopSync() {
        cluster.stopSync();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}
