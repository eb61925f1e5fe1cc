import { LRUCache } from "lru-cache";

/** Counts a client's requests a minute; `take` answers 0 when one more is allowed, else the seconds to wait. */
export interface RateLimiter {
  take(client: string): number;
}

/**
 * The site's one in-memory limit on a visitor's requests (beacons, searches): a fixed window of a
 * minute per client, taken synchronously, so a burst that arrives in one turn of the event loop
 * is counted request by request and nothing waits for the database (each instance counts its
 * own). The clients remembered are bounded: under a flood from many addresses the oldest windows
 * are forgotten first. rate-limiter-flexible's memory store keeps a map entry and a timer for
 * every client it has seen in the last minute, with no bound, so it serves only the throttle's
 * PostgreSQL-backed rules (throttle.ts), where the keys are the owner's and the candidates'
 * logins (docs/decisions/018-modules-over-a-platform.md).
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
