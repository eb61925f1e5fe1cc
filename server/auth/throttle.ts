import crypto from "node:crypto";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { AppError } from "../lib/errors";

/**
 * One throttling rule: `points` tries per `duration` seconds for a key. Going over blocks the
 * key; each new block within a day lasts twice the one before, from `baseBlock` up to
 * `maxBlock` seconds, so a stranger slows to a crawl while the owner is never locked out for
 * good (issue 6).
 */
export interface ThrottleRule {
  name: string;
  points: number;
  duration: number;
  baseBlock: number;
  maxBlock: number;
}

export interface Throttle {
  /** Counts a try on every key before any work is done; throws 429 with Retry-After when over. */
  attempt(keys: Record<string, string>): Promise<void>;
  /** A successful try gives its point back, and clears the consecutive-failure counters. */
  succeeded(keys: Record<string, string>): Promise<void>;
}

const STRIKE_WINDOW = 24 * 60 * 60;

/** Keys are hashed: bounded length, and no e-mail address sits in the table. */
const hashKey = (value: string) => crypto.createHash("sha256").update(value).digest("base64url");

export function backoffSeconds(rule: Pick<ThrottleRule, "baseBlock" | "maxBlock">, strike: number): number {
  return Math.min(rule.maxBlock, rule.baseBlock * 2 ** Math.max(0, strike - 1));
}

export function createThrottle(
  rules: ThrottleRule[],
  options: { pool?: pg.Pool; message: string; clearExpired?: boolean; resetOnSuccess?: string[] },
): Throttle {
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    options.pool
      ? new RateLimiterPostgres({
          storeClient: options.pool,
          tableName: "rate_limits",
          tableCreated: true,
          clearExpiredByTimeout: options.clearExpired ?? false,
          keyPrefix,
          points,
          duration,
        })
      : new RateLimiterMemory({ keyPrefix, points, duration });

  const limiters = new Map(
    rules.map((rule) => [
      rule.name,
      {
        rule,
        tries: make(`${rule.name}`, rule.points, rule.duration),
        strikes: make(`${rule.name}:strikes`, 1_000_000, STRIKE_WINDOW),
      },
    ]),
  );

  const over = (retryAfterMs: number) =>
    new AppError("TOO_MANY_REQUESTS", options.message, undefined, { retryAfter: retryAfterMs / 1000 });

  return {
    async attempt(keys) {
      let waitMs = 0;
      for (const [name, value] of Object.entries(keys)) {
        const entry = limiters.get(name);
        if (!entry) continue;
        const key = hashKey(value);
        try {
          await entry.tries.consume(key);
        } catch (err) {
          if (!(err instanceof RateLimiterRes)) throw err;
          if (err.consumedPoints === entry.rule.points + 1) {
            // First try over the limit: block, longer each time within the strike window.
            const strike = await entry.strikes.consume(key);
            const seconds = backoffSeconds(entry.rule, strike.consumedPoints);
            await entry.tries.block(key, seconds);
            waitMs = Math.max(waitMs, seconds * 1000);
          } else {
            waitMs = Math.max(waitMs, err.msBeforeNext);
          }
        }
      }
      if (waitMs > 0) throw over(waitMs);
    },
    async succeeded(keys) {
      await Promise.all(
        Object.entries(keys).map(async ([name, value]) => {
          const entry = limiters.get(name);
          if (!entry) return;
          const key = hashKey(value);
          if (options.resetOnSuccess?.includes(name)) await entry.tries.delete(key);
          else await entry.tries.reward(key, 1);
        }),
      );
    },
  };
}
