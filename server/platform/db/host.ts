import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";

/** The user and group a PostgreSQL process runs as; empty when it runs as the app's own user. */
export interface Ids {
  uid?: number;
  gid?: number;
}

export interface RunResult {
  code: number;
  output: string;
}

export interface RunOptions {
  as?: Ids;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

/**
 * The process and privileged file-system side effects of running the embedded cluster, behind
 * one small adapter (docs/decisions/007-embedded-cluster-adapters.md), so the start path can be
 * tested against a fake `id`, `useradd` and `pg_ctl`. Ordinary reads and writes inside DATA_DIR
 * stay plain `node:fs`: a test gives them a temporary folder.
 */
export interface Host {
  isRoot(): boolean;
  /** Runs a program to its end; a non-zero exit is a result, not an exception. */
  run(file: string, args: string[], options?: RunOptions): Promise<RunResult>;
  /** For an 'exit' handler, where nothing asynchronous runs any more. */
  runSync(file: string, args: string[], options?: RunOptions): void;
  isAlive(pid: number): boolean;
  /** The process's command line, or "" when it is gone or unreadable. */
  commandLine(pid: number): string;
  chown(file: string, ids: Required<Ids>): void;
}

export const systemHost: Host = {
  isRoot: () => process.getuid?.() === 0,
  run(file, args, options = {}) {
    return new Promise((resolve) => {
      const { as, ...rest } = options;
      execFile(file, args, { ...as, ...rest }, (err, stdout, stderr) => {
        if (!err) return resolve({ code: 0, output: `${stdout}${stderr}` });
        // A program that could not be started at all (ENOENT, EACCES) has no exit code.
        const code = typeof err.code === "number" ? err.code : 127;
        resolve({ code, output: `${stdout}${stderr}` || err.message });
      });
    });
  },
  runSync(file, args, options = {}) {
    const { as, ...rest } = options;
    spawnSync(file, args, { ...as, ...rest, stdio: "ignore" });
  },
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (err) {
      return (err as NodeJS.ErrnoException).code === "EPERM";
    }
  },
  commandLine(pid) {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
    } catch {
      return "";
    }
  },
  chown(file, ids) {
    fs.chownSync(file, ids.uid, ids.gid);
  },
};

export class EmbeddedDatabaseError extends Error {}
