import type { Pool } from "pg";
import { deleteExpiredRateLimits } from "../../platform/limits/storage";
import { createThrottle, type Throttle, type ThrottleRule } from "../../platform/limits/throttle";

/**
 * Tries before throttling: consecutive failed logins per account and address, and failed logins
 * a minute for the whole site from browsers without a device cookie; audition tries a minute.
 */
export interface ThrottleLimits {
  loginFailures?: number;
  loginTotal?: number;
  auditionFailures?: number;
  auditionTotal?: number;
  /** Invitation links tried a minute per address (a token is 256 bits: this only keeps scrypt's work bounded). */
  acceptTries?: number;
}

/**
 * Login throttling: consecutive failures per account and address, with a wider budget per
 * address and per account so a spread-out attack still slows down; blocks grow each time.
 */
function loginRules(consecutive: number, total: number): ThrottleRule[] {
  return [
    { name: "login-account-ip", points: consecutive, duration: 15 * 60, baseBlock: 30, maxBlock: 15 * 60 },
    { name: "login-ip", points: consecutive * 6, duration: 60 * 60, baseBlock: 60, maxBlock: 60 * 60 },
    { name: "login-account", points: consecutive * 20, duration: 60 * 60, baseBlock: 60, maxBlock: 15 * 60 },
    // However many addresses and accounts a guesser has, the site hashes at most this many
    // passwords a minute for unknown browsers (the owner's known ones are counted apart).
    { name: "login-all", points: total, duration: 60, baseBlock: 60, maxBlock: 60 },
    // While the account is blocked, an address in good standing gets this many tries an hour.
    { name: "login-grace", points: 1, duration: 60 * 60, baseBlock: 60 * 60, maxBlock: 60 * 60 },
    // A browser with the owner's device cookie is counted on its own (server/modules/auth/device-cookie.ts).
    { name: "login-device", points: consecutive, duration: 15 * 60, baseBlock: 30, maxBlock: 15 * 60 },
  ];
}

const SWEEP_EVERY_MS = 5 * 60_000;
const KEEP_EXPIRED_MS = 60 * 60_000;

/**
 * The site's two throttles, counted in PostgreSQL so every instance shares them
 * (docs/decisions/003-throttling-in-postgresql.md). `clearExpired`: a running site sweeps
 * counters expired an hour ago every 5 minutes, until close(); tests leave them.
 */
export function createThrottles(
  pool: Pool,
  limits: ThrottleLimits = {},
  clearExpired = true,
): { login: Throttle; audition: Throttle; accept: Throttle; close(): void } {
  const sweep = clearExpired
    ? setInterval(() => void deleteExpiredRateLimits(pool, Date.now() - KEEP_EXPIRED_MS).catch(() => {}), SWEEP_EVERY_MS).unref()
    : undefined;
  return {
    close: () => clearInterval(sweep),
    login: createThrottle(loginRules(limits.loginFailures ?? 5, limits.loginTotal ?? 60), {
      pool,
      message: "error.tooManyLogins",
      resetOnSuccess: ["login-account-ip", "login-device"],
    }),
    audition: createThrottle(
      [
        { name: "audition-ip", points: limits.auditionFailures ?? 10, duration: 60, baseBlock: 60, maxBlock: 15 * 60 },
        // However many addresses a guesser has, the site checks at most this many codes a minute.
        { name: "audition-all", points: limits.auditionTotal ?? 30, duration: 60, baseBlock: 60, maxBlock: 60 },
      ],
      { pool, message: "error.tooManyTries" },
    ),
    // An invitation's acceptance: tries per address (a password is hashed only for a token that
    // is open, so no site-wide bucket: strangers' junk must not lock the invitee out).
    accept: createThrottle([{ name: "accept-ip", points: limits.acceptTries ?? 10, duration: 60, baseBlock: 60, maxBlock: 15 * 60 }], {
      pool,
      message: "error.tooManyTries",
    }),
  };
}
