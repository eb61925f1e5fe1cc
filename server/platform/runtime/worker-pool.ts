import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";

/**
 * One worker thread for a kind of work, made on first use and ended when idle, with a heap of its
 * own: a task that exhausts it ends the worker, not the server, and the next task gets a new one.
 * `built` is the bundled worker beside the server build; `source` its .ts, run with tsx in tests.
 */
export function lazyWorkerPool(
  files: { built: URL; source: URL },
  limits: { heapMb: number; youngMb: number; maxQueue?: number },
): { run(task: unknown, options: { signal: AbortSignal }): Promise<unknown>; close(): Promise<void> } {
  let pool: Piscina | undefined;
  const runner = () => {
    if (!pool) {
      const built = fileURLToPath(files.built);
      const [filename, execArgv] = fs.existsSync(built) ? [built, []] : [fileURLToPath(files.source), ["--import", "tsx"]];
      pool = new Piscina({
        filename,
        execArgv,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 30_000,
        ...(limits.maxQueue ? { maxQueue: limits.maxQueue } : {}),
        resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: limits.youngMb },
      });
    }
    return pool;
  };
  return {
    run: (task, options) => runner().run(task, options),
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
