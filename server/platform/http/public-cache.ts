import crypto from "node:crypto";
import { LRUCache } from "lru-cache";

import type { CachedBody } from "./send-cached";

type CachedJson = CachedBody;

/**
 * Visitors' reads, kept in the process and dropped on every write: this instance's at once, and
 * another instance's when its notice arrives (platform/db/change-bus.ts). The time-to-live (5 s) is only
 * the safety net for a notice that never came.
 */
export interface PublicCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  json(key: string, load: () => Promise<unknown>): Promise<CachedJson>;
  invalidate(): void;
  /** Called on every invalidate (the fast path forgets its answers with the cache). */
  onInvalidate(listener: () => void): void;
  /** Reads answered from memory and reads that had to load, since the start; what it holds. */
  readonly stats: { hits: number; misses: number; readonly bytes: number; readonly entries: number };
}

export interface PublicCacheOptions {
  ttlMs?: number;
  now?: () => number;
  /** What all entries may weigh together (their JSON or HTML, counted twice for its compressed forms). */
  maxBytes?: number;
  /** An answer heavier than this is given but not kept. */
  maxEntryBytes?: number;
}

export const etagOf = (body: string | Buffer) => `W/"${crypto.createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;

/** A kept value's weight: a body with the compressed forms it may gain, or any value as JSON. */
function weightOf(value: unknown): number {
  if (value && typeof value === "object" && "body" in value && "etag" in value) {
    const body = (value as { body: unknown }).body;
    if (typeof body === "string") return body.length * 2;
  }
  if (typeof value === "string") return value.length * 2;
  return (JSON.stringify(value) ?? "").length * 2;
}

/** A load not yet settled counts this much, until it is weighed. */
const PENDING_WEIGHT = 1_024;

export function createPublicCache({
  ttlMs = 5_000,
  // A clock finer than a millisecond: lru-cache neither frees nor re-times an entry whose age is
  // exactly its ttl when its timer fires (it wants the age above the ttl to free it, and a time
  // left above 0 to wait again), which whole milliseconds make happen; the entry then stayed.
  now = () => performance.now(),
  maxBytes = 64 * 1024 * 1024,
  maxEntryBytes = 4 * 1024 * 1024,
}: PublicCacheOptions = {}): PublicCache {
  // Least recently used goes first when the bytes run out; each entry lives ttlMs, read against
  // `now`, and is freed when it expires (not only when it is next asked for).
  const entries = new LRUCache<string, { value: Promise<unknown> }>({
    maxSize: maxBytes,
    maxEntrySize: Math.max(maxEntryBytes, PENDING_WEIGHT),
    ttl: ttlMs,
    ttlResolution: 0,
    ttlAutopurge: true,
    perf: { now },
  });
  const listeners: (() => void)[] = [];
  let hits = 0;
  let misses = 0;
  // A load in flight when a write clears the cache reaches only the readers that were already
  // waiting for it: it is no longer an entry, so nobody later gets it (the fast path, which keeps
  // answers of its own, checks the same thing with its own count of clears).
  const get = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    const hit = entries.get(key);
    if (hit) {
      hits++;
      return hit.value as Promise<T>;
    }
    misses++;
    const entry = { value: load() };
    entries.set(key, entry, { size: PENDING_WEIGHT });
    entry.value.then(
      (value) => {
        if (entries.peek(key) !== entry) return;
        const size = weightOf(value);
        // Weighed once it is known (as a new entry: the cache weighs an entry when it is set);
        // too heavy to keep, it is dropped (the readers have it).
        if (size > maxEntryBytes) entries.delete(key);
        else entries.set(key, { value: entry.value }, { size, noUpdateTTL: true });
      },
      () => {
        if (entries.peek(key) === entry) entries.delete(key);
      },
    );
    return entry.value as Promise<T>;
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
      entries.clear();
      for (const listener of listeners) listener();
    },
    onInvalidate(listener) {
      listeners.push(listener);
    },
    stats: {
      get hits() {
        return hits;
      },
      get misses() {
        return misses;
      },
      get bytes() {
        return entries.calculatedSize;
      },
      get entries() {
        return entries.size;
      },
    },
  };
}
