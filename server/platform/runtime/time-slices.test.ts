import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { turnsDuring } from "../../test/turns";
import { sha256InSlices, timeSlices } from "./time-slices";

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("time slices for long loops on the server's thread", () => {
  it("when a loop has run past its slice, then pause lets a waiting callback run before the loop goes on", async () => {
    const slices = timeSlices(5);
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    busy(8);
    await slices.pause();
    expect(ranBetween).toBe(true);
  });

  it("when the slice has not run out, then pause goes on without letting anything else run", async () => {
    const slices = timeSlices(1_000);
    let ranBetween = false;
    setImmediate(() => (ranBetween = true));
    for (let i = 0; i < 1_000; i++) await slices.pause();
    expect(ranBetween).toBe(false);
  });

  it("when a body of several megabytes is hashed a megabyte a turn, then the hash is SHA-256's of the whole, and other callbacks run between the slices", async () => {
    const body = crypto.randomBytes(3 * 1024 * 1024 + 17);
    const { result: hash, turns } = await turnsDuring(() => sha256InSlices(body));
    expect(hash).toBe(crypto.createHash("sha256").update(body).digest("base64url"));
    expect(await sha256InSlices(Buffer.alloc(0))).toBe(crypto.createHash("sha256").digest("base64url"));
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
