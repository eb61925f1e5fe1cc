import crypto from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * For a long loop on the server's thread (planning a feed of thousands of items): `pause()` lets
 * the event loop answer visitors once the current slice has run `sliceMs`, and returns at once
 * otherwise. On a busy machine (the feed's worker and the database on the other cores) a loop of
 * 40 ms of CPU held visitors for 100 ms and more.
 */
export function timeSlices(sliceMs = 5): { pause(): Promise<void> } {
  let started = performance.now();
  return {
    async pause() {
      if (performance.now() - started < sliceMs) return;
      await nextTurn();
      started = performance.now();
    },
  };
}

const HASH_SLICE = 1024 * 1024;

/** SHA-256 of a body (base64url), a megabyte a turn: a 10 MB feed took 20-30 ms in one go. */
export async function sha256InSlices(body: Buffer): Promise<string> {
  const hash = crypto.createHash("sha256");
  for (let i = 0; i < body.length; i += HASH_SLICE) {
    hash.update(body.subarray(i, i + HASH_SLICE));
    if (i + HASH_SLICE < body.length) await nextTurn();
  }
  return hash.digest("base64url");
}
