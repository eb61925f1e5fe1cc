import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A package loaded on its first use instead of at start-up. sanitize-html, feedsmith, sharp and
 * fontkit serve the owner's writes, feed syncs, uploads and share images, never a visitor's read
 * from the cache; loaded eagerly, such packages cost about 550 ms of every start and tens of MB of
 * an idle instance (bench/RESULTS.md, cold start and memory, measured when jsdom was among them).
 * Each is a CommonJS build, so the first call loads it synchronously.
 */
export function lazily<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
