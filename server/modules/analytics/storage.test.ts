import { describe, expect, it } from "vitest";
import { turnsDuring } from "../../test/turns";
import { inLockOrder } from "./storage";
import type { SeenKind, SeenRow } from "./tally";

const KINDS: SeenKind[] = ["site", "page", "referrer", "play", "listen", "q25", "q50", "q75", "q100"];
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byDayKindValueVisitor = (a: SeenRow, b: SeenRow) =>
  compare(a.day, b.day) || compare(a.kind, b.kind) || compare(a.value, b.value) || compare(a.visitor, b.visitor);

describe("the order a window's facts are written in", () => {
  it("when facts of several days, kinds, values and visitors come in any order, then they go by day, kind, value, then visitor, as every instance writes them", async () => {
    // Values where one begins another, an empty one, and characters below the tab.
    const values = ["", "/", "/a", "/a/b", "/ab", "a\u0001", "a", "42", "4", "news.example", "news.example.org"];
    const visitors = ["f0", "0a", "a0"].map((v) => v.padStart(32, "0"));
    // Every combination, given visitor first and day last: nothing like the order asked for.
    const rows: SeenRow[] = [];
    for (const visitor of visitors)
      for (const value of values)
        for (const kind of KINDS)
          for (const day of ["2026-11-25", "2026-11-24"]) rows.push({ day, kind, value, visitor, device: "mobile", browser: "Safari" });

    const { ordered } = await inLockOrder(rows);

    expect(ordered).toEqual([...rows].sort(byDayKindValueVisitor));
  });

  it("when a visitor's site fact is among the rows, then who they are (device kind and browser) is found by day and visitor", async () => {
    const site = { day: "2026-11-25", kind: "site" as const, value: "", visitor: "ab", device: "tablet", browser: "Firefox" };
    const page = { ...site, kind: "page" as const, value: "/about" };
    const { whoIs } = await inLockOrder([page, site]);
    expect(whoIs.get("2026-11-25\tab")).toBe(site);
    expect(whoIs.size).toBe(1);
  });

  it("when a full window of 30,000 facts is put in order, then other callbacks run in between instead of waiting for the whole", async () => {
    const rows: SeenRow[] = [];
    for (let v = 0; v < 10_000; v++) {
      const visitor = (v * 7_919).toString(16).padStart(32, "0");
      for (const [kind, value] of [
        ["site", ""],
        ["page", `/episode/made-up-${v % 500}`],
        ["referrer", `r${v}.made-up.example`],
      ] as const)
        rows.push({ day: "2026-11-25", kind, value, visitor, device: "desktop", browser: "Chrome" });
    }
    const { result, turns } = await turnsDuring(() => inLockOrder(rows));
    expect(result.ordered).toHaveLength(30_000);
    expect(turns).toBeGreaterThanOrEqual(1);
  });
});
