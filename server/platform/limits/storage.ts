import type pg from "pg";

/**
 * Drops throttling counters that expired before `before` (ms since the epoch), as
 * rate-limiter-flexible's own sweep would; the app runs it on a timer it can stop.
 */
export async function deleteExpiredRateLimits(pool: pg.Pool, before: number): Promise<void> {
  await pool.query("DELETE FROM rate_limits WHERE expire < $1", [before]);
}
