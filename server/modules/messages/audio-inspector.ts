import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { Piscina } from "piscina";
import type { AudioInspection, InspectAudio } from "./audio";
import type { AudioTask } from "./audio-worker";

/** The worker's module: the bundled .js beside the server build, or the .ts source in tests. */
function workerFile(): { filename: string; execArgv: string[] } {
  const js = new URL("./message-audio-worker.js", import.meta.url);
  if (fs.existsSync(fileURLToPath(js))) return { filename: fileURLToPath(js), execArgv: [] };
  return { filename: fileURLToPath(new URL("./audio-worker.ts", import.meta.url)), execArgv: ["--import", "tsx"] };
}

/** The audio worker's heap: a 10 MB recording and its parse fit many times over. */
const HEAP_MB = 128;
/** A recording's read takes milliseconds; one that takes this long is stopped (its worker ended). */
const TASK_MS = 10_000;

/**
 * Reads recordings in one worker thread (made on first use, ended when idle), with a heap and a
 * time limit: a recording that exhausts either ends the worker and is refused as not audio, and
 * the next one gets a new worker.
 */
export function createAudioInspector(): { inspect: InspectAudio; close(): Promise<void> } {
  let pool: Piscina | undefined;
  const runner = () => {
    if (!pool) {
      const { filename, execArgv } = workerFile();
      pool = new Piscina({
        filename,
        execArgv,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: 30_000,
        maxQueue: 64,
        resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
      });
    }
    return pool;
  };
  return {
    async inspect(body, container) {
      const task: AudioTask = { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), container };
      return (await runner().run(task, { signal: AbortSignal.timeout(TASK_MS) })) as AudioInspection;
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
