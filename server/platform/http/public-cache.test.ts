import { describe, expect, it, vi } from "vitest";
import { createPublicCache } from "./public-cache";

describe("public cache", () => {
  it("when read twice within the time-to-live, then the loader runs once", async () => {
    let t = 50_000; // a clock reading, never zero
    let loads = 0;
    const cache = createPublicCache({ ttlMs: 1000, now: () => t });
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    t = 50_999;
    expect(await cache.get("k", load)).toBe(1);
    t = 51_001;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("when a write clears the cache while a read is loading, then later reads load afresh and never get the older answer", async () => {
    let release!: (value: string) => void;
    const cache = createPublicCache({ ttlMs: 60_000 });
    const before = cache.get("k", () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    const after = cache.get("k", async () => "after the write");
    release("before the write");
    expect(await before).toBe("before the write");
    expect(await after).toBe("after the write");
    expect(await cache.get("k", async () => "a third load")).toBe("after the write");
  });

  it("when a load fails, then it is not kept", async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow();
    expect(await cache.get("k", async () => "ok")).toBe("ok");
  });

  it("gives JSON with a stable ETag", async () => {
    const cache = createPublicCache({ ttlMs: 60_000 });
    const a = await cache.json("list", async () => [1, 2]);
    cache.invalidate();
    const b = await cache.json("list", async () => [1, 2]);
    expect(a.body).toBe("[1,2]");
    expect(a.etag).toBe(b.etag);
  });

  it("when more bytes arrive than its budget, then the least recently used go and it stays within the budget", async () => {
    const cache = createPublicCache({ ttlMs: 60_000, maxBytes: 100_000, maxEntryBytes: 50_000 });
    const page = (n: number) => ({ body: String(n).padEnd(10_000, "x"), etag: `"${n}"` }); // 20,000 bytes as counted
    for (let i = 0; i < 30; i++) await cache.get(`p${i}`, async () => page(i));
    expect(cache.stats.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.stats.entries).toBe(5);
    let loads = 0;
    await cache.get("p29", async () => (loads++, page(29)));
    await cache.get("p0", async () => (loads++, page(0)));
    expect(loads).toBe(1); // p29 was kept, p0 had gone
  });

  it("when an answer is heavier than an entry may be, then it is given but not kept", async () => {
    const cache = createPublicCache({ ttlMs: 60_000, maxBytes: 1_000_000, maxEntryBytes: 10_000 });
    const big = { body: "x".repeat(20_000), etag: '"big"' };
    expect(await cache.get("big", async () => big)).toBe(big);
    expect(cache.stats.entries).toBe(0);
    expect(cache.stats.bytes).toBe(0);
  });

  it("when entries expire, then they are freed without being asked for again", async () => {
    const cache = createPublicCache({ ttlMs: 20 });
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => "x".repeat(1_000));
    expect(cache.stats.entries).toBe(10);
    // The cache's own timers free them; on a busy machine they may fire late, so wait up to 2 s.
    await vi.waitFor(() => expect(cache.stats.entries).toBe(0), { timeout: 2_000, interval: 20 });
    expect(cache.stats.bytes).toBe(0);
  });
});
