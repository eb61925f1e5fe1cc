import { describe, expect, it } from "vitest";
import { NetworkBudget } from "./network-budget";

const DAY = "2026-11-28";
const HOUR = 3_600_000;
const agent = (n: number) => `Mozilla/5.0 (made up ${n})`;

describe("new visitors per network", () => {
  it("when one network varies its user agent, then 30 an hour are let in, and those let in stay in", () => {
    const budget = new NetworkBudget({ perHour: 30, perDay: 200, offersPerVisitor: 6, remembered: 10_000 });
    const admitted = Array.from({ length: 300 }, (_, n) => budget.admits(DAY, "198.51.100.7", agent(n), 0));
    expect(admitted.filter(Boolean)).toHaveLength(30);
    expect(budget.admits(DAY, "198.51.100.7", agent(0), 1_000)).toBe(true);
    expect(budget.admits(DAY, "203.0.113.9", agent(299), 1_000)).toBe(true);
  });

  it("when hours pass, then 30 more come in each, up to 200 a day; the next day starts afresh", () => {
    const budget = new NetworkBudget({ perHour: 30, perDay: 200, offersPerVisitor: 6, remembered: 10_000 });
    let admitted = 0;
    for (let hour = 0; hour < 10; hour++) {
      for (let n = 0; n < 40; n++) if (budget.admits(DAY, "net", agent(hour * 100 + n), hour * HOUR)) admitted++;
    }
    expect(admitted).toBe(200);
    expect(budget.admits("2026-11-29", "net", agent(5_000), 11 * HOUR)).toBe(true);
  });

  it("when many networks come, then the agents remembered, by which the cache is weighed, stay within the bound", () => {
    const budget = new NetworkBudget({ perHour: 30, perDay: 200, offersPerVisitor: 6, remembered: 1_000 });
    for (let net = 0; net < 500; net++) for (let n = 0; n < 30; n++) budget.admits(DAY, `net${net}`, agent(n), 0);
    expect((budget as unknown as { networks: { calculatedSize: number } }).networks.calculatedSize).toBeLessThanOrEqual(1_000);
  });

  it("when a visitor puts values forward for a name, then each counts once, at most 6 a day, and only from a visitor let in", () => {
    const budget = new NetworkBudget({ perHour: 30, perDay: 200, offersPerVisitor: 6, remembered: 10_000 });
    budget.admits(DAY, "net", agent(1), 0);
    expect(budget.mayOffer(DAY, "net", agent(1), "junk.example")).toBe(true);
    expect(budget.mayOffer(DAY, "net", agent(1), "junk.example")).toBe(false);
    const more = Array.from({ length: 10 }, (_, n) => budget.mayOffer(DAY, "net", agent(1), `junk${n}.example`));
    expect(more.filter(Boolean)).toHaveLength(5);
    expect(budget.mayOffer(DAY, "net", agent(2), "junk.example")).toBe(false);
    expect(budget.mayOffer("2026-11-29", "net", agent(1), "junk.example")).toBe(false);
  });
});
