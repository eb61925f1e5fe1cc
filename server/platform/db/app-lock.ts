import fs from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";
import type { Logger } from "../runtime/logger";
import { EmbeddedDatabaseError, systemHost, type Host } from "./host";

export interface AppLock {
  /** Synchronous, so an 'exit' handler can call it too. */
  release(): void;
}

// proper-lockfile keeps the lock fresh every UPDATE ms and counts it stale after STALE ms
// without a touch, so a lock whose holder vanished without a trace clears by itself.
const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

function holderPid(pidFile: string): number | undefined {
  try {
    return Number(fs.readFileSync(pidFile, "utf8").trim()) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * One app process per DATA_DIR: a second `npm start` on the same folder would fight the first
 * over its database (docs/decisions/001-embedded-postgres.md). Several instances share a server
 * through DATABASE_URL instead. The lock is proper-lockfile's `app.lock` folder; `app.pid`
 * beside it names the holder, so the lock of an app that was killed (kill -9) is taken over at
 * once rather than after STALE_MS, and the message names the live holder's pid.
 */
export async function takeAppLock(dataDir: string, logger: Logger, host: Host = systemHost): Promise<AppLock> {
  const root = path.resolve(dataDir);
  const pidFile = path.join(root, "app.pid");
  const lockfilePath = path.join(root, "app.lock");
  let compromised = false;
  const options = {
    lockfilePath,
    realpath: false,
    stale: STALE_MS,
    update: UPDATE_MS,
    onCompromised: (err: Error) => {
      compromised = true;
      logger.error({ err }, `lost the lock on DATA_DIR ${root}: another app may start on it`);
    },
  };

  const liveHolder = () => {
    const pid = holderPid(pidFile);
    // A pid reused by something else after a reboot is no holder. Our own pid is an earlier
    // start in this process that never stopped, which is what tests do to mimic a kill -9.
    return pid && pid !== process.pid && host.isAlive(pid) && /node/.test(host.commandLine(pid)) ? pid : undefined;
  };
  const refuse = (pid: number) =>
    new EmbeddedDatabaseError(
      `Another instance (pid ${pid}) is already running on DATA_DIR ${root}. Stop it, use ` +
        `another DATA_DIR, or point several instances at one server with DATABASE_URL.`,
    );

  const unlock = () => lockfile.unlockSync(root, options);
  try {
    lockfile.lockSync(root, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ELOCKED") throw err;
    const holder = liveHolder();
    if (holder) throw refuse(holder);
    if (holderPid(pidFile) !== undefined) {
      logger.warn({ pid: holderPid(pidFile) }, "taking over the DATA_DIR lock of an app that is gone");
      fs.rmSync(lockfilePath, { recursive: true, force: true });
      lockfile.lockSync(root, options);
    } else {
      // Locked, but no holder named yet: one is starting, or died before writing app.pid.
      await lockfile
        .lock(root, { ...options, retries: { retries: 12, factor: 1, minTimeout: 1_000, maxTimeout: 1_000 } })
        .catch((e: NodeJS.ErrnoException) => {
          const pid = e.code === "ELOCKED" ? liveHolder() : undefined;
          throw pid ? refuse(pid) : e;
        });
    }
  }
  // An app from before app.lock existed holds DATA_DIR through app.pid alone.
  const older = liveHolder();
  if (older) {
    unlock();
    throw refuse(older);
  }
  fs.writeFileSync(pidFile, String(process.pid));

  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      if (holderPid(pidFile) === process.pid) fs.rmSync(pidFile, { force: true });
      if (compromised) return;
      try {
        unlock();
      } catch {
        /* already gone, or taken over by a later start in this process */
      }
    },
  };
}
