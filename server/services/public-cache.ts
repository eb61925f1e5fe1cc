import crypto from "node:crypto";
import { LRUCache } from "lru-cache";

import type { CachedBody } from "../lib/send-cached";

type CachedJson = CachedBody;

/**
 * Visitors' reads, kept in the process for a few seconds and dropped on every write made here.
 * Another instance's write reaches this one within the time-to-live (docs/product.md "Scale-out").
 */
export interface PublicCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  json(key: string, load: () => Promise<unknown>): Promise<CachedJson>;
  invalidate(): void;
}

export const etagOf = (body: string | Buffer) =>
  `W/"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;

export function createPublicCache(ttlMs = 5_000, now: () => number = Date.now, maxEntries = 1_000): PublicCache {
  // Least recently used goes first when full; each entry lives ttlMs, read against `now`.
  const entries = new LRUCache<string, { value: Promise<unknown> }>({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  let generation = 0;
  const get = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit) return hit.value as Promise<T>;
    const startedIn = generation;
    const value = load();
    const entry = { value };
    entries.set(key, entry);
    value.then(
      () => {
        // A write during the load made this value stale before it arrived.
        if (startedIn !== generation && entries.peek(key) === entry) entries.delete(key);
      },
      () => {
        if (entries.peek(key) === entry) entries.delete(key);
      },
    );
    return value;
  };
  return {
    get,
    json(key, load) {
      return get(`json:${key}`, async () => {
        const body = JSON.stringify(await load());
        return { body, etag: etagOf(body) };
      });
    },
    invalidate() {
      generation++;
      entries.clear();
    },
  };
}
