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

  it("when a write failed, then the next window takes in the old one: counts add, the newest search results win, plays keep their first time", () => {
    const older = new Tally();
    older.count(DAY, "pageviews", "/", 2);
    older.search(DAY, "pain", 3);
    older.played(DAY, visitor(1), "ep", 1_000);
    older.progressed(DAY, visitor(1), "ep", 30, 20_000);
    const newer = new Tally();
    newer.count(DAY, "pageviews", "/", 1);
    newer.search(DAY, "pain", 5);
    newer.played(DAY, visitor(1), "ep", 5_000);
    newer.progressed(DAY, visitor(1), "ep", 10, 25_000);
    newer.absorb(older);
    const rows = newer.rows();
    expect(rows.counts).toEqual([{ day: DAY, metric: "pageviews", key: "/", count: 3 }]);
    expect(rows.searches).toEqual([{ day: DAY, q: "pain", count: 2, results: 5 }]);
    expect(rows.seen).toEqual([{ day: DAY, kind: "play", value: "ep", visitor: "v1", device: "desktop", browser: "Chrome", at: 5_000 }]);
    expect(rows.progress).toEqual([{ day: DAY, value: "ep", visitor: "v1", played: 30, at: 25_000 }]);
  });

  it("when a visitor's play is heard again and its progress claimed more than once, then the first play time and the most claimed (with the latest time) are kept", () => {
    const tally = new Tally();
    tally.played(DAY, visitor(1), "ep", 1_000);
    tally.played(DAY, visitor(1), "ep", 9_000);
    tally.progressed(DAY, visitor(1), "ep", 120, 60_000);
    tally.progressed(DAY, visitor(1), "ep", 40, 70_000);
    const rows = tally.rows();
    expect(rows.seen.map((s) => [s.kind, s.at])).toEqual([["play", 1_000]]);
    expect(rows.progress.map((p) => [p.played, p.at])).toEqual([[120, 70_000]]);
  });

  it("when a visitor repeats a share, a provider link and a clip, then each is one fact of the day", () => {
    const tally = new Tally();
    for (let i = 0; i < 300; i++) {
      tally.seen(DAY, visitor(1), "share", "x");
      tally.seen(DAY, visitor(1), "provider", "3");
      tally.seen(DAY, visitor(1), "clip", "why-pain");
    }
    expect(tally.rows().seen.map((s) => s.kind)).toEqual(["share", "provider", "clip"]);
  });

  it("when 500 made-up referrers and searches come first in a day, then a real one seen twice later keeps its name", () => {
    const caps = { visitors: 10_000, values: 500, factsPerVisitor: 64 };
    const keys = new DayKeys(500);
    const junk = new Tally(caps, keys);
    for (let i = 0; i < 500; i++) {
      junk.seen(DAY, visitor(i), "referrer", `junk${i}.example`);
      junk.search(DAY, `junk ${i}`, 0);
    }
    expect(new Set(junk.rows().seen.map((s) => s.value)).has(OTHER)).toBe(false);
    const later = new Tally(caps, keys);
    for (const n of [1000, 1001, 1002]) {
      later.seen(DAY, visitor(n), "referrer", "news.example");
      later.search(DAY, "chronic pain", 2);
    }
    const rows = later.rows();
    expect(rows.seen.map((s) => s.value)).toEqual([OTHER, "news.example", "news.example"]);
    expect(rows.searches).toEqual([
      { day: DAY, q: OTHER, count: 1, results: 2 },
      { day: DAY, q: "chronic pain", count: 2, results: 2 },
    ]);
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
