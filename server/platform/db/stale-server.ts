import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../runtime/logger";
import { EmbeddedDatabaseError, type Host, type RunResult } from "./host";

function postmasterPid(clusterDir: string): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The pid of the server running this cluster, if one is. Only our own: after a reboot the pid
 * in postmaster.pid may belong to another PostgreSQL, or to anything else.
 */
export function runningServerPid(clusterDir: string, host: Host): number | undefined {
  const pid = postmasterPid(clusterDir);
  if (!pid || !host.isAlive(pid)) return undefined;
  const command = host.commandLine(pid);
  return /postgres/.test(command) && command.includes(clusterDir) ? pid : undefined;
}

/**
 * A server left behind by a crash (`kill -9` of Node leaves PostgreSQL running, since pg_ctl
 * starts it detached) is stopped cleanly; a postmaster.pid naming a dead or foreign process is
 * removed. Either way the next start is a normal one (docs/decisions/001-embedded-postgres.md).
 */
export async function recoverStaleServer(clusterDir: string, stop: () => Promise<RunResult>, host: Host, logger: Logger): Promise<void> {
  const pid = postmasterPid(clusterDir);
  if (pid === undefined && !fs.existsSync(path.join(clusterDir, "postmaster.pid"))) return;
  if (pid !== undefined && runningServerPid(clusterDir, host) === pid) {
    logger.warn({ pid }, "stopping an embedded PostgreSQL left running by an earlier run");
    const r = await stop();
    if (r.code !== 0 && host.isAlive(pid)) {
      throw new EmbeddedDatabaseError(`Could not stop the stale PostgreSQL (pid ${pid}): ${r.output}`);
    }
    return;
  }
  logger.warn({ pid }, "removing a stale postmaster.pid");
  fs.rmSync(path.join(clusterDir, "postmaster.pid"), { force: true });
}
