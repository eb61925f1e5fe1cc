import { describe, expect, it } from "vitest";
import { createSearchGate } from "./search-gate";

/** Searches that end only when the test says so. */
function heldSearches() {
  const releases: (() => void)[] = [];
  return {
    search: () => new Promise<string>((resolve) => releases.push(() => resolve("done"))),
    releaseAll: () => {
      while (releases.length) releases.shift()!();
    },
    releaseOne: () => releases.shift()!(),
  };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));
const outcome = (p: Promise<unknown>) =>
  p.then(
    (value) => value,
    (err: { code: string; retryAfter?: number }) => ({ code: err.code, retryAfter: err.retryAfter }),
  );

describe("the search gate", () => {
  it("when one client searches more often than allowed, then it is refused with 429 and a wait, and another client is not", async () => {
    const gate = createSearchGate({ perClientPerMinute: 3 });
    for (let i = 0; i < 3; i++) await gate.run("198.51.100.7", async () => i);
    const refused = await gate.run("198.51.100.7", async () => 4).catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: "TOO_MANY_REQUESTS", words: { key: "error.tooManySearches" } });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    expect(await gate.run("2001:db8::/64", async () => "other")).toBe("other");
  });

  it("when one client has two searches under way, then its third is refused with 429 and a wait, and another client's runs", async () => {
    const gate = createSearchGate({ atOnce: 4 });
    const held = heldSearches();
    const mine = [gate.run("a", held.search), gate.run("a", held.search)];
    expect(await outcome(gate.run("a", held.search))).toEqual({ code: "TOO_MANY_REQUESTS", retryAfter: 1 });
    const other = gate.run("b", held.search);
    await turn();
    expect(gate.stats).toEqual({ running: 3, waiting: 0 });
    held.releaseAll();
    expect(await Promise.all([...mine, other])).toEqual(["done", "done", "done"]);
    // Its searches over, the client may search again.
    expect(await gate.run("a", async () => "again")).toBe("again");
  });

  it("when a client's search waits for the instance's turn, then it still counts as under way", async () => {
    const gate = createSearchGate({ atOnce: 1 });
    const held = heldSearches();
    const running = gate.run("b", held.search);
    const waiting = [gate.run("a", held.search), gate.run("a", held.search)];
    await turn();
    expect(gate.stats).toEqual({ running: 1, waiting: 2 });
    expect(await outcome(gate.run("a", held.search))).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    held.releaseOne();
    await turn();
    held.releaseAll();
    await turn();
    held.releaseAll();
    expect(await Promise.all([running, ...waiting])).toEqual(["done", "done", "done"]);
  });

  it("when one client bursts 300 searches, then none is refused with 503, and another client's search gets its turn", async () => {
    const gate = createSearchGate();
    const held = heldSearches();
    const burst = Array.from({ length: 300 }, () => outcome(gate.run("203.0.113.9", held.search)));
    const other = gate.run("198.51.100.7", held.search);
    await turn();
    expect(gate.stats).toEqual({ running: 2, waiting: 1 });
    held.releaseAll();
    await turn();
    held.releaseAll();
    const outcomes = await Promise.all(burst);
    expect(outcomes.filter((o) => o === "done")).toHaveLength(2);
    expect(outcomes.filter((o) => (o as { code?: string }).code === "TOO_MANY_REQUESTS")).toHaveLength(298);
    expect(await other).toBe("done");
  });

  it("when a search is refused for the client's searches under way, then it does not spend the client's minute", async () => {
    const gate = createSearchGate({ perClientPerMinute: 3 });
    const held = heldSearches();
    const mine = [gate.run("a", held.search), gate.run("a", held.search)];
    for (let i = 0; i < 5; i++) expect(await outcome(gate.run("a", held.search))).toMatchObject({ code: "TOO_MANY_REQUESTS" });
    held.releaseAll();
    await Promise.all(mine);
    expect(await gate.run("a", async () => "third")).toBe("third");
    expect(await outcome(gate.run("a", async () => "fourth"))).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });

  it("when more clients' searches arrive than run at once and may wait, then the extra ones are refused with 503 and the waiting ones run in turn", async () => {
    const gate = createSearchGate({ atOnce: 2, waiting: 1 });
    const held = heldSearches();
    const running = [gate.run("a", held.search), gate.run("b", held.search)];
    const waiting = gate.run("c", held.search);
    await turn();
    expect(gate.stats).toEqual({ running: 2, waiting: 1 });
    await expect(gate.run("d", held.search)).rejects.toMatchObject({ code: "UNAVAILABLE" });
    held.releaseOne();
    await running[0];
    await turn();
    expect(gate.stats).toEqual({ running: 2, waiting: 0 });
    held.releaseAll();
    expect(await Promise.all([...running, waiting])).toEqual(["done", "done", "done"]);
    expect(gate.stats).toEqual({ running: 0, waiting: 0 });
  });
});
