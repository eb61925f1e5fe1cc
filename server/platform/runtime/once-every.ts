import { LRUCache } from "lru-cache";

/**
 * Whether something about `key` is due again: true the first time, then false until `ms` have
 * passed. For log lines a flood would repeat (a refused client, once a minute). The keys
 * remembered are bounded: under a flood from many clients the oldest are forgotten first, and
 * logged again, which only costs a line.
 */
export function onceEvery(ms: number, max = 10_000): (key: string) => boolean {
  const seen = new LRUCache<string, true>({ max, ttl: ms, ttlAutopurge: false });
  return (key) => {
    if (seen.has(key)) return false;
    seen.set(key, true);
    return true;
  };
}
