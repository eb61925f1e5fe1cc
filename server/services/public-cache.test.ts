import { describe, expect, it } from "vitest";
import { createPublicCache } from "./public-cache";

describe("public cache", () => {
  it("when read twice within the time-to-live, then the loader runs once", async () => {
    let t = 50_000; // a clock reading, never zero
    let loads = 0;
    const cache = createPublicCache(1000, () => t);
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    t = 50_999;
    expect(await cache.get("k", load)).toBe(1);
    t = 51_001;
    expect(await cache.get("k", load)).toBe(2);
  });

  it("when invalidated (a write), then the next read loads again, even one that started before", async () => {
    let loads = 0;
    const cache = createPublicCache(60_000);
    let release!: () => void;
    const slow = cache.get("k", () => new Promise<number>((r) => (release = () => r(++loads))));
    cache.invalidate();
    release();
    expect(await slow).toBe(1);
    expect(await cache.get("k", async () => ++loads)).toBe(2);
  });

  it("when a load fails, then it is not kept", async () => {
    const cache = createPublicCache(60_000);
    await expect(cache.get("k", () => Promise.reject(new Error("db down")))).rejects.toThrow();
    expect(await cache.get("k", async () => "ok")).toBe("ok");
  });

  it("gives JSON with a stable ETag", async () => {
    const cache = createPublicCache(60_000);
    const a = await cache.json("list", async () => [1, 2]);
    cache.invalidate();
    const b = await cache.json("list", async () => [1, 2]);
    expect(a.body).toBe("[1,2]");
    expect(a.etag).toBe(b.etag);
  });

  it("when more keys arrive than it may hold, then it stays within its size", async () => {
    const cache = createPublicCache(60_000, Date.now, 3);
    for (let i = 0; i < 10; i++) await cache.get(`k${i}`, async () => i);
    let loads = 0;
    await cache.get("k9", async () => ++loads);
    await cache.get("k0", async () => ++loads);
    expect(loads).toBe(1); // k9 was kept, k0 had been dropped
  });
});
