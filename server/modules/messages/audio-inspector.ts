import { lazyWorkerPool } from "../../platform/runtime/worker-pool";
import type { AudioInspection, InspectAudio } from "./audio";
import type { AudioTask } from "./audio-worker";

/** A recording's read takes milliseconds; one that takes this long is stopped (its worker ended). */
const TASK_MS = 10_000;

/**
 * Reads recordings in one worker thread with a heap (128 MB: a 10 MB recording and its parse fit
 * many times over) and a time limit: a recording that exhausts either ends the worker and is
 * refused as not audio, and the next one gets a new worker.
 */
export function createAudioInspector(): { inspect: InspectAudio; close(): Promise<void> } {
  const pool = lazyWorkerPool(
    { built: new URL("./message-audio-worker.js", import.meta.url), source: new URL("./audio-worker.ts", import.meta.url) },
    { heapMb: 128, youngMb: 32, maxQueue: 64 },
  );
  return {
    async inspect(body, container) {
      const task: AudioTask = { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), container };
      return (await pool.run(task, { signal: AbortSignal.timeout(TASK_MS) })) as AudioInspection;
    },
    close: () => pool.close(),
  };
}
