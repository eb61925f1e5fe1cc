import { describe, expect, it } from "vitest";
import { DayKeys, OTHER, Tally } from "./tally";

const DAY = "2026-11-25";
const visitor = (n: number) => ({ key: `v${n}`, device: "desktop", browser: "Chrome" });

describe("the in-memory tally", () => {
  it("when the same thing happens again, then counts add up and a visitor's fact is kept once", () => {
    const tally = new Tally();
    tally.count(DAY, "pageviews", "/");
    tally.count(DAY, "pageviews", "/");
    tally.seen(DAY, visitor(1), "page", "/");
    tally.seen(DAY, visitor(1), "page", "/");
    const rows = tally.rows();
    expect(rows.counts).toEqual([{ day: DAY, metric: "pageviews", key: "/", count: 2 }]);
    expect(rows.seen).toEqual([{ day: DAY, kind: "page", value: "/", visitor: "v1", device: "desktop", browser: "Chrome" }]);
  });

  it("when more distinct values come than the cap allows, then the rest are folded into other", () => {
    const tally = new Tally({ visitors: 100, values: 3, factsPerVisitor: 10 });
    for (let i = 0; i < 10; i++) {
      tally.count(DAY, "pageviews", `/episode/e${i}`);
      tally.search(DAY, `q${i}`, i);
      tally.seen(DAY, visitor(i), "referrer", `site${i}.example`);
    }
    const rows = tally.rows();
    expect(rows.counts.map((c) => [c.key, c.count])).toEqual([
      ["/episode/e0", 1],
      ["/episode/e1", 1],
      ["/episode/e2", 1],
      [OTHER, 7],
    ]);
    expect(rows.searches.find((s) => s.q === OTHER)).toMatchObject({ count: 7 });
    expect(new Set(rows.seen.map((s) => s.value)).size).toBe(4);
  });

  it("when a later window brings new values once the day's cap is reached, then they are folded too; the next day starts afresh", () => {
    const caps = { visitors: 100, values: 2, factsPerVisitor: 10 };
    const keys = new DayKeys(2);
    const first = new Tally(caps, keys);
    first.count(DAY, "pageviews", "/a");
    first.count(DAY, "pageviews", "/b");
    const second = new Tally(caps, keys);
    second.count(DAY, "pageviews", "/c");
    second.count(DAY, "pageviews", "/a");
    second.count("2026-11-26", "pageviews", "/c");
    expect(second.rows().counts.map((c) => [c.day, c.key])).toEqual([
      [DAY, OTHER],
      [DAY, "/a"],
      ["2026-11-26", "/c"],
    ]);
  });

  it("when more visitors come in one window than the cap, then the extra ones are not held; a visitor's facts are capped too", () => {
    const tally = new Tally({ visitors: 2, values: 100, factsPerVisitor: 2 });
    for (let i = 0; i < 5; i++) tally.seen(DAY, visitor(i), "site", "");
    for (let i = 0; i < 5; i++) tally.seen(DAY, visitor(0), "page", `/p${i}`);
    const rows = tally.rows();
    expect(new Set(rows.seen.map((s) => s.visitor))).toEqual(new Set(["v0", "v1"]));
    expect(rows.seen.filter((s) => s.visitor === "v0")).toHaveLength(2);
  });

  it("when a write failed, then the next window takes in the old one: counts add, the newest search results win", () => {
    const older = new Tally();
    older.count(DAY, "shares", "x", 2);
    older.search(DAY, "pain", 3);
    older.seen(DAY, visitor(1), "play", "ep");
    const newer = new Tally();
    newer.count(DAY, "shares", "x", 1);
    newer.search(DAY, "pain", 5);
    newer.absorb(older);
    const rows = newer.rows();
    expect(rows.counts).toEqual([{ day: DAY, metric: "shares", key: "x", count: 3 }]);
    expect(rows.searches).toEqual([{ day: DAY, q: "pain", count: 2, results: 5 }]);
    expect(rows.seen).toHaveLength(1);
  });

  it("when visitors are keyed anew (their day's salt became known), then facts of the same visitor merge and dropped ones go", async () => {
    const tally = new Tally();
    tally.seen(DAY, visitor(1), "page", "/");
    tally.seen(DAY, visitor(2), "page", "/about");
    tally.seen(DAY, visitor(3), "page", "/listen");
    await tally.rekeyVisitors((_day, key) => (key === "v3" ? null : "same"));
    const rows = tally.rows();
    expect(rows.seen.map((s) => [s.visitor, s.value])).toEqual([
      ["same", "/"],
      ["same", "/about"],
    ]);
  });

  it("when visitors are keyed anew with a pause, then the pause comes before each visitor, so a caller can let other work run", async () => {
    const tally = new Tally();
    for (let i = 0; i < 3; i++) tally.seen(DAY, visitor(i), "site", "");
    const order: string[] = [];
    await tally.rekeyVisitors(
      (_day, key) => {
        order.push(key);
        return key;
      },
      async () => {
        order.push("pause");
      },
    );
    expect(order).toEqual(["pause", "v0", "pause", "v1", "pause", "v2"]);
  });
});
