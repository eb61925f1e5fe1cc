import crypto from "node:crypto";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { LRUCache } from "lru-cache";
import { Piscina } from "piscina";
import type { Logger } from "../../platform/runtime/logger";
import { AppError } from "../../platform/http/errors";
import type { ObjectStore } from "../../platform/objects/store";
import type { ShareImageInput } from "./draw";

/** Bumped when the drawing changes, so images made by an older version are made again. */
const RENDER_VERSION = "2";

export interface ShareImages {
  /** The image's content key: its ETag, known before anything is drawn. */
  keyOf(input: ShareImageInput): string;
  /** The PNG: from memory, else from the object store, else drawn in the worker and stored. */
  png(input: ShareImageInput): Promise<Buffer>;
  close(): Promise<void>;
}

/** The worker's module: the bundled .js beside the server build, or the .ts source in tests. */
function workerFile(): { filename: string; execArgv: string[] } {
  const js = new URL("./share-image-worker.js", import.meta.url);
  if (fs.existsSync(fileURLToPath(js))) return { filename: fileURLToPath(js), execArgv: [] };
  return { filename: fileURLToPath(new URL("./worker.ts", import.meta.url)), execArgv: ["--import", "tsx"] };
}

/** An object id (a UUID's shape, which the store requires) made from the content key. */
const objectIdOf = (key: string) => {
  const h = crypto.createHash("sha256").update(`share-image:${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/**
 * Share images (Open Graph): drawn off the event loop in one worker thread, at most `maxQueue`
 * waiting (then 503), each drawn once and kept in the object store by its content key, so every
 * instance and every restart reuses it; the last few are kept in memory as well.
 */
export function createShareImages(options: { store: ObjectStore; logger?: Logger; maxQueue?: number }): ShareImages {
  let pool: Piscina | undefined;
  const memory = new LRUCache<string, Buffer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (png) => png.length });
  const pending = new Map<string, Promise<Buffer>>();
  const runner = () => {
    if (!pool) {
      const { filename, execArgv } = workerFile();
      pool = new Piscina({ filename, execArgv, minThreads: 0, maxThreads: 1, idleTimeout: 30_000, maxQueue: options.maxQueue ?? 64 });
    }
    return pool;
  };

  const make = async (key: string, input: ShareImageInput): Promise<Buffer> => {
    const id = objectIdOf(key);
    const stored = await options.store.read(id).catch(() => null);
    if (stored) return stored.data;
    let drawn: Uint8Array;
    try {
      drawn = (await runner().run(input)) as Uint8Array;
    } catch (err) {
      if ((err as Error).message?.includes("queue")) {
        throw new AppError("UNAVAILABLE", "error.imagesBusy", { retryAfter: 5 });
      }
      throw err;
    }
    const png = Buffer.from(drawn.buffer, drawn.byteOffset, drawn.byteLength);
    await options.store.write(id, png, "image/png").catch((err: unknown) => {
      options.logger?.warn({ err: (err as Error).message }, "share image not stored; it is drawn again next time");
    });
    return png;
  };

  return {
    keyOf(input) {
      return crypto.createHash("sha256").update(RENDER_VERSION).update(JSON.stringify(input)).digest("base64url").slice(0, 27);
    },
    async png(input) {
      const key = this.keyOf(input);
      const kept = memory.get(key);
      if (kept) return kept;
      let job = pending.get(key);
      if (!job) {
        job = make(key, input).finally(() => pending.delete(key));
        pending.set(key, job);
      }
      const png = await job;
      memory.set(key, png);
      return png;
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
