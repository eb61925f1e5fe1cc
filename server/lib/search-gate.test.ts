import { describe, expect, it } from "vitest";
import { createSearchGate } from "./search-gate";

describe("the search gate", () => {
  it("when one client searches more often than allowed, then it is refused with 429 and a wait, and another client is not", async () => {
    const gate = createSearchGate({ perClientPerMinute: 3 });
    for (let i = 0; i < 3; i++) await gate.run("198.51.100.7", async () => i);
    const refused = await gate.run("198.51.100.7", async () => 4).catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS", message: "Too many searches; please wait a moment and search again" });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect(await gate.run("2001:db8::/64", async () => "other")).toBe("other");
  });

  it("when more searches arrive than run at once and may wait, then the extra ones are refused with 503 and the waiting ones run in turn", async () => {
    const gate = createSearchGate({ atOnce: 2, waiting: 1 });
    const releases: (() => void)[] = [];
    const slow = () => new Promise<string>((resolve) => releases.push(() => resolve("done")));
    const running = [gate.run("a", slow), gate.run("b", slow)];
    const waiting = gate.run("c", slow);
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.stats).toEqual({ running: 2, waiting: 1 });
    await expect(gate.run("d", slow)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    releases.shift()!();
    await running[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(gate.stats).toEqual({ running: 2, waiting: 0 });
    while (releases.length) releases.shift()!();
    expect(await Promise.all([...running, waiting])).toEqual(["done", "done", "done"]);
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });
});
