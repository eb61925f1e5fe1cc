import { AppError } from "../http/errors";
import { createRateLimiter, type RateLimiter } from "./per-minute";

export interface SearchGateLimits {
  /** Searches one client (an IPv4 address, an IPv6 /64) may have under way at once, waiting or running. */
  perClientAtOnce?: number;
  /** Searches one client may start a minute. */
  perClientPerMinute?: number;
  /** Searches this instance runs at once; the pool keeps the rest of its connections for everything else. */
  atOnce?: number;
  /** Searches that may wait for a turn; past that, 503 at once. */
  waiting?: number;
}

export interface SearchGate {
  /** Runs one search for `client`, or refuses it: 429 when the client searches too much, 503 when the instance is full. */
  run<T>(client: string, search: () => Promise<T>): Promise<T>;
  readonly stats: { running: number; waiting: number };
}

/**
 * What searching may take, bounded per client and never per site (docs/product.md "The show's
 * feed and episode pages": "one client (an IPv4 address, an IPv6 /64) runs at most two searches
 * at once and so many a minute, and past that gets 429 with Retry-After; no client's burst makes
 * another client's search answer 503").
 *
 * The instance still runs only `atOnce` searches (a flood of made-up words never takes the
 * database's connections from page loads, logins and health checks) and lets `waiting` more wait.
 * Those places are the only thing one client could take from another, and it can hold at most
 * `perClientAtOnce` of them, checked before anything else: so k clients bursting together hold at
 * most 2k places, and another client still gets in while 2k < atOnce + waiting. A waiting search
 * costs a socket and a closure, not a connection, so the places are many (64: 31 networks bursting
 * at once still leave room); the 503 is left for a flood from more networks than that, which is
 * the instance protecting itself, not one client's burst. Counted per instance: it protects this
 * instance's share of the database. (docs/decisions/011-fast-path-and-change-bus.md keeps repeated
 * searches in memory; this bounds the new ones.)
 */
export function createSearchGate({
  perClientAtOnce = 2,
  perClientPerMinute = 60,
  atOnce = 2,
  waiting = 62,
}: SearchGateLimits = {}): SearchGate {
  const perMinute = createRateLimiter({ perMinute: perClientPerMinute });
  const underWay = createUnderWay(perClientAtOnce);
  const turns = createTurns(atOnce, waiting);

  return {
    async run(client, search) {
      underWay.take(client);
      try {
        spendMinute(perMinute, client);
        await turns.take();
        try {
          return await search();
        } finally {
          turns.give();
        }
      } finally {
        underWay.give(client);
      }
    },
    stats: turns.stats,
  };
}

const tooMany = (retryAfter: number) => new AppError("TOO_MANY_REQUESTS", "error.tooManySearches", { retryAfter });

/**
 * The searches each client has under way. Taken synchronously, before any await, so a burst that
 * arrives in one turn of the event loop is counted search by search. A counter per live request,
 * deleted at zero, so it holds only clients with a search under way.
 */
function createUnderWay(limit: number) {
  const counts = new Map<string, number>();
  return {
    take(client: string) {
      const held = counts.get(client) ?? 0;
      // A search ends within its statement timeout (2 s), usually in milliseconds: one second.
      if (held >= limit) throw tooMany(1);
      counts.set(client, held + 1);
    },
    give(client: string) {
      const held = (counts.get(client) ?? 1) - 1;
      if (held > 0) counts.set(client, held);
      else counts.delete(client);
    },
  };
}

/** One search of the client's minute, or 429 with the seconds until its window opens again. */
function spendMinute(perMinute: RateLimiter, client: string): void {
  const wait = perMinute.take(client);
  if (wait > 0) throw tooMany(wait);
}

/** The instance's turns: `atOnce` run, `waiting` more wait in order of arrival, the rest get 503. */
function createTurns(atOnce: number, waiting: number) {
  const queue: (() => void)[] = [];
  let running = 0;
  return {
    async take() {
      if (running < atOnce) {
        running++;
        return;
      }
      if (queue.length >= waiting) throw new AppError("UNAVAILABLE", "error.searchesBusy", { retryAfter: 2 });
      await new Promise<void>((resolve) => queue.push(resolve));
    },
    give() {
      const next = queue.shift();
      if (next) next();
      else running--;
    },
    stats: {
      get running() {
        return running;
      },
      get waiting() {
        return queue.length;
      },
    },
  };
}
