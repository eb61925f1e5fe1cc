import http from "node:http";
import express from "express";
import supertest from "supertest";
import { describe, expect, it, vi } from "vitest";
import { createPublicCache } from "./public-cache";
import { createFastPath } from "./fast-path";
import { sendCached } from "./send-cached";

/**
 * A visitors' list as the app serves it: the fast path in front, Express behind it reading
 * through the public cache, and a write that clears both (as every write does). The read can be
 * held while it loads, so a write can land in the middle of it.
 */
function listServer() {
  const cache = createPublicCache({ ttlMs: 60_000 });
  const fastPath = createFastPath({ isAnonymous: () => true, ttlMs: 60_000 });
  cache.onInvalidate(() => fastPath.clear());
  let stored = ["before the write"];
  let hold: Promise<void> | null = null;
  let loads = 0;
  const app = express();
  app.get("/api/providers", async (req, res) => {
    const entry = await cache.json("providers", async () => {
      loads++;
      const read = [...stored];
      await hold;
      return read;
    });
    sendCached(req, res, entry, "application/json", fastPath);
  });
  const server = http.createServer((req, res) => {
    if (!fastPath.serve(req, res)) app(req, res);
  });
  return {
    request: supertest(server),
    holdReads() {
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
    write(value: string) {
      stored = [value];
      cache.invalidate();
    },
    loads: () => loads,
  };
}

describe("the fast path and a write during a read", () => {
  it("when a write lands while a visitor's read is loading, then the read's older answer is not kept: the next visitor gets the new one", async () => {
    const site = listServer();
    const release = site.holdReads();
    const during = site.request.get("/api/providers").then((res) => res.body as string[]);
    await vi.waitFor(() => expect(site.loads()).toBe(1)); // the read has loaded and waits
    site.write("after the write");
    release();
    expect(await during).toEqual(["before the write"]);
    expect((await site.request.get("/api/providers").expect(200)).body).toEqual(["after the write"]);
    expect((await site.request.get("/api/providers").expect(200)).body).toEqual(["after the write"]);
  });

  it("when nothing is written, then the second read is answered from memory without loading again", async () => {
    const site = listServer();
    await site.request.get("/api/providers").expect(200);
    await site.request.get("/api/providers").expect(200);
    await site.request.get("/api/providers").expect(200);
    expect(site.loads()).toBe(1);
  });
});
