import crypto from "node:crypto";
import { LRUCache } from "lru-cache";

import type { CachedBody } from "../lib/send-cached";

type CachedJson = CachedBody;

/**
 * Visitors' reads, kept in the process and dropped on every write: this instance's at once, and
 * another instance's when its notice arrives (db/change-bus.ts). The time-to-live (5 s) is only
 * the safety net for a notice that never came.
 */
export interface PublicCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  json(key: string, load: () => Promise<unknown>): Promise<CachedJson>;
  invalidate(): void;
  /** Called on every invalidate (the fast path forgets its answers with the cache). */
  onInvalidate(listener: () => void): void;
  /** Reads answered from memory and reads that had to load, since the start. */
  readonly stats: { hits: number; misses: number };
}

export const etagOf = (body: string | Buffer) =>
  `W/"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;

export function createPublicCache(ttlMs = 5_000, now: () => number = Date.now, maxEntries = 1_000): PublicCache {
  // Least recently used goes first when full; each entry lives ttlMs, read against `now`.
  const entries = new LRUCache<string, { value: Promise<unknown> }>({ max: maxEntries, ttl: ttlMs, ttlResolution: 0, perf: { now } });
  let generation = 0;
  const listeners: (() => void)[] = [];
  const stats = { hits: 0, misses: 0 };
  const get = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit) {
      stats.hits++;
      return hit.value as Promise<T>;
    }
    stats.misses++;
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
      for (const listener of listeners) listener();
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    stats,
  };
}
