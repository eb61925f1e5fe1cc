import crypto from "node:crypto";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { ServerKey } from "../../../shared/locales/parts";
import { AppError } from "../http/errors";

/**
 * One throttling rule: `points` tries per `duration` seconds for a key. Going over blocks the
 * key; each new block within a day lasts twice the one before, from `baseBlock` up to
 * `maxBlock` seconds, so a stranger slows to a crawl while the owner is never locked out for
 * good (docs/decisions/003-throttling-in-postgresql.md).
 */
export interface ThrottleRule {
  name: string;
  points: number;
  duration: number;
  baseBlock: number;
  maxBlock: number;
}

/** The first rule that refuses a try, and how long until it would let one through. */
interface Refusal {
  rule: string;
  retryAfterMs: number;
}

export interface Throttle {
  /**
   * Reads every key's standing, in the order of the rules, and names the first rule that
   * refuses. Writes nothing: a refused client costs the database no row.
   */
  check(keys: Record<string, string>): Promise<Refusal | null>;
  /**
   * Counts one try against each key, in the order of the rules. The first key that goes over
   * is blocked and the try is refused (429) there, without counting it against the rest.
   */
  consume(keys: Record<string, string>): Promise<void>;
  /** Tries counted against one key of one rule in its current window. */
  used(rule: string, value: string): Promise<number>;
  /** check() then consume(): refused at the first rule that says no, counted only when let through. */
  attempt(keys: Record<string, string>): Promise<void>;
  /** A successful try gives its point back, and clears the consecutive-failure counters. */
  succeeded(keys: Record<string, string>): Promise<void>;
  /** The 429 for a refusal, with Retry-After. */
  refusal(refused: Refusal): AppError;
}

const STRIKE_WINDOW = 24 * 60 * 60;

/** Keys are hashed: bounded length, and no e-mail address sits in the table. */
const hashKey = (value: string) => crypto.createHash("sha256").update(value).digest("base64url");

export function backoffSeconds(rule: Pick<ThrottleRule, "baseBlock" | "maxBlock">, strike: number): number {
  return Math.min(rule.maxBlock, rule.baseBlock * 2 ** Math.max(0, strike - 1));
}

export function createThrottle(
  rules: ThrottleRule[],
  options: { pool?: pg.Pool; message: ServerKey; resetOnSuccess?: string[] },
): Throttle {
  const make = (keyPrefix: string, points: number, duration: number): RateLimiterAbstract =>
    options.pool
      ? new RateLimiterPostgres({
          storeClient: options.pool,
          tableName: "rate_limits",
          tableCreated: true,
          // Swept by createThrottles on one timer it can stop, not by one timer per limiter.
          clearExpiredByTimeout: false,
          keyPrefix,
          points,
          duration,
        })
      : new RateLimiterMemory({ keyPrefix, points, duration });

  const limiters = rules.map((rule) => ({
    rule,
    tries: make(`${rule.name}`, rule.points, rule.duration),
    strikes: make(`${rule.name}:strikes`, 1_000_000, STRIKE_WINDOW),
  }));
  /** The rules this try is charged to, in the rules' order (not the caller's). */
  const applicable = (keys: Record<string, string>) =>
    limiters.flatMap((entry) => {
      const value = keys[entry.rule.name];
      return value === undefined ? [] : [{ ...entry, key: hashKey(value) }];
    });

  const refusal = ({ retryAfterMs }: Refusal) =>
    new AppError("TOO_MANY_REQUESTS", options.message, { retryAfter: Math.ceil(retryAfterMs / 1000) });

  const throttle: Throttle = {
    refusal,
    async check(keys) {
      for (const { rule, tries, key } of applicable(keys)) {
        const state = await tries.get(key);
        if (state && state.consumedPoints > rule.points && state.msBeforeNext > 0) {
          return { rule: rule.name, retryAfterMs: state.msBeforeNext };
        }
      }
      return null;
    },
    async used(rule, value) {
      const entry = limiters.find((l) => l.rule.name === rule);
      return entry ? ((await entry.tries.get(hashKey(value)))?.consumedPoints ?? 0) : 0;
    },
    async consume(keys) {
      for (const { rule, tries, strikes, key } of applicable(keys)) {
        try {
          await tries.consume(key);
        } catch (err) {
          if (!(err instanceof RateLimiterRes)) throw err;
          if (err.consumedPoints !== rule.points + 1) throw refusal({ rule: rule.name, retryAfterMs: err.msBeforeNext });
          // First try over the limit: block, longer each time within the strike window.
          const strike = await strikes.consume(key);
          const seconds = backoffSeconds(rule, strike.consumedPoints);
          await tries.block(key, seconds);
          throw refusal({ rule: rule.name, retryAfterMs: seconds * 1000 });
        }
      }
    },
    async attempt(keys) {
      const refused = await throttle.check(keys);
      if (refused) throw refusal(refused);
      await throttle.consume(keys);
    },
    async succeeded(keys) {
      await Promise.all(
        applicable(keys).map(async ({ rule, tries, key }) => {
          if (options.resetOnSuccess?.includes(rule.name)) await tries.delete(key);
          else await tries.reward(key, 1);
        }),
      );
    },
  };
  return throttle;
}
