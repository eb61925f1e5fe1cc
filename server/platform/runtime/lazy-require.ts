import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A package loaded on its first use instead of at start-up. jsdom, feedsmith and sharp serve the
 * owner's writes, feed syncs and uploads, never a visitor's read; loaded eagerly they cost about
 * 550 ms of every start and tens of MB of an idle instance (bench/RESULTS.md, cold start and
 * memory). Each is a CommonJS build, so the first call loads it synchronously.
 */
export function lazily<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
