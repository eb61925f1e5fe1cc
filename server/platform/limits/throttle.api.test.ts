import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../http/errors";
import { createTestDb, type TestDb } from "../../test/harness";
import { backoffSeconds, createThrottle } from "./throttle";

// On the store the site runs on: PostgreSQL's (rate_limits), not an in-memory stand-in.
let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.drop());
const onPostgres = (options: Omit<Parameters<typeof createThrottle>[1], "pool">) =>
  createThrottle([rule], { ...options, pool: db.database.pool });

const rule = { name: "login", points: 2, duration: 600, baseBlock: 30, maxBlock: 100 };

async function retryAfterOf(promise: Promise<void>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    return (err as AppError).retryAfter ?? -1;
  }
}

describe("throttle", () => {
  // Only the clock is faked: the database driver's own timers stay real.
  beforeEach(async () => {
    await db.database.pool.query("DELETE FROM rate_limits");
    vi.useFakeTimers({ now: new Date("2026-11-22T10:00:00Z"), toFake: ["Date"] });
  });
  afterEach(() => vi.useRealTimers());

  it("when a key goes over its tries, then each new block lasts twice the one before, up to the cap", async () => {
    const throttle = onPostgres({ message: "error.tooManyTries" });
    const keys = { login: "owner@example.com|1.2.3.4" };
    const blocks: number[] = [];
    for (let round = 0; round < 4; round++) {
      expect(await retryAfterOf(throttle.attempt(keys))).toBeNull();
      expect(await retryAfterOf(throttle.attempt(keys))).toBeNull();
      const wait = (await retryAfterOf(throttle.attempt(keys)))!;
      blocks.push(wait);
      // Still blocked a moment later, with the time left.
      const left = (await retryAfterOf(throttle.attempt(keys)))!;
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(wait);
      vi.setSystemTime(Date.now() + wait * 1000 + 1000);
    }
    expect(blocks).toEqual([30, 60, 100, 100]);
  });

  it("when a try succeeds, then the consecutive-failure counter starts again", async () => {
    const throttle = onPostgres({ message: "error.tooManyTries", resetOnSuccess: ["login"] });
    const keys = { login: "k" };
    await throttle.attempt(keys);
    await throttle.attempt(keys);
    await throttle.succeeded(keys);
    expect(await retryAfterOf(throttle.attempt(keys))).toBeNull();
    expect(await retryAfterOf(throttle.attempt(keys))).toBeNull();
  });

  it("when keys are different, then they are counted apart", async () => {
    const throttle = onPostgres({ message: "error.tooManyTries" });
    for (let i = 0; i < 2; i++) await throttle.attempt({ login: "a" });
    expect(await retryAfterOf(throttle.attempt({ login: "a" }))).toBe(30);
    expect(await retryAfterOf(throttle.attempt({ login: "b" }))).toBeNull();
  });

  it("computes the back-off as base times two to the strike, capped", () => {
    expect([1, 2, 3, 4, 5].map((s) => backoffSeconds({ baseBlock: 30, maxBlock: 900 }, s))).toEqual([30, 60, 120, 240, 480]);
    expect(backoffSeconds({ baseBlock: 30, maxBlock: 900 }, 10)).toBe(900);
  });
});
