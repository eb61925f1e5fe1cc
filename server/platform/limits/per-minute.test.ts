import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createRateLimiter } from "./per-minute";

describe("the per-minute limit on a visitor's requests", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-28T12:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  it("when a client has used its minute, then the next request waits the seconds left, and another client is not held", () => {
    const limiter = createRateLimiter({ perMinute: 3 });
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a")]).toEqual([0, 0, 0]);
    vi.advanceTimersByTime(20_000);
    expect(limiter.take("a")).toBe(40);
    expect(limiter.take("b")).toBe(0);
  });

  it("when the minute is over, then the client's window opens again", () => {
    const limiter = createRateLimiter({ perMinute: 1 });
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBeGreaterThan(0);
    vi.advanceTimersByTime(60_000);
    expect(limiter.take("a")).toBe(0);
  });

  it("when more clients come than it remembers, then the oldest window is forgotten (the memory stays bounded)", () => {
    const limiter = createRateLimiter({ perMinute: 1, maxClients: 2 });
    limiter.take("a");
    limiter.take("b");
    limiter.take("c");
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("c")).toBeGreaterThan(0);
  });
});
