import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors";

export interface SearchGateLimits {
  /** Searches one client (an IPv4 address, an IPv6 /64) may start a minute. */
  perClientPerMinute?: number;
  /** Searches this instance runs at once; the pool keeps the rest of its connections for everything else. */
  atOnce?: number;
  /** Searches that may wait for a turn; past that, 503 at once. */
  waiting?: number;
}

export interface SearchGate {
  /** Runs one search for `client`, or refuses it: 429 when the client searches too often, 503 when the instance is full. */
  run<T>(client: string, search: () => Promise<T>): Promise<T>;
  readonly stats: { running: number; waiting: number };
}

/**
 * What a search costs is bounded (docs/decisions/011-fast-path-and-change-bus.md keeps repeated
 * ones in memory; this bounds the new ones): a client may start so many a minute, this instance
 * runs a few at once, a few more wait, and the rest are turned away, so a flood of made-up words
 * never takes the database's connections from page loads, logins and health checks. Counted per
 * instance: it protects this instance's share of the database.
 */
export function createSearchGate({ perClientPerMinute = 60, atOnce = 2, waiting = 16 }: SearchGateLimits = {}): SearchGate {
  const perClient = new RateLimiterMemory({ keyPrefix: "search", points: perClientPerMinute, duration: 60 });
  const queue: (() => void)[] = [];
  let running = 0;

  const turn = async () => {
    if (running < atOnce) {
      running++;
      return;
    }
    if (queue.length >= waiting)
      throw new AppError("UNAVAILABLE", "Too many searches are running; please try again in a moment", { retryAfter: 2 });
    await new Promise<void>((resolve) => queue.push(resolve));
  };
  const done = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };

  return {
    async run(client, search) {
      try {
        await perClient.consume(client);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        throw new AppError("TOO_MANY_REQUESTS", "Too many searches; please wait a moment and search again", {
          retryAfter: err.msBeforeNext / 1000,
        });
      }
      await turn();
      try {
        return await search();
      } finally {
        done();
      }
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
