import { LRUCache } from "lru-cache";

/** Counts a client's beacons; `take` answers 0 when one more is allowed, else the seconds to wait. */
export interface RateLimiter {
  take(client: string): number;
}

/**
 * A fixed window per client, in memory (beacons never wait for the database; each instance
 * counts its own). A page sends a handful of beacons a minute; the default leaves room for many
 * visitors behind one address (an office, a carrier's NAT). The clients remembered are bounded:
 * under a flood from many addresses the oldest windows are forgotten first.
 */
export function createRateLimiter({ perMinute, maxClients = 20_000 }: { perMinute: number; maxClients?: number }): RateLimiter {
  const windows = new LRUCache<string, { startedAt: number; count: number }>({ max: maxClients });
  return {
    take(client) {
      const now = Date.now();
      const window = windows.get(client);
      if (!window || now - window.startedAt >= 60_000) {
        windows.set(client, { startedAt: now, count: 1 });
        return 0;
      }
      if (window.count >= perMinute) return Math.max(1, Math.ceil((window.startedAt + 60_000 - now) / 1000));
      window.count++;
      return 0;
    },
  };
}
