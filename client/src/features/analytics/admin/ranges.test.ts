import { describe, expect, it } from "vitest";
import { changeOf, lastDays, previousRange, rangeProblem } from "./ranges";

describe("the analytics screen's ranges", () => {
  it("when the last 7 days are chosen, then the range ends today and the previous period is the 7 days before", () => {
    const range = lastDays(7, "2026-11-25");
    expect(range).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(previousRange(range)).toEqual({ from: "2026-11-12", to: "2026-11-18" });
  });

  it("when a custom range is backwards, incomplete or too long, then the screen says why", () => {
    expect(rangeProblem({ from: "2026-11-10", to: "2026-11-01" })).toMatch(/before/);
    expect(rangeProblem({ from: "", to: "2026-11-01" })).toMatch(/both/);
    expect(rangeProblem({ from: "2024-01-01", to: "2026-11-01" })).toMatch(/366/);
    expect(rangeProblem({ from: "2026-11-01", to: "2026-11-10" })).toBeNull();
  });

  it("when a figure moved against the previous period, then the change is said in words", () => {
    expect(changeOf(15, 10)).toEqual({ text: "Up 50%", tone: "up" });
    expect(changeOf(5, 10)).toEqual({ text: "Down 50%", tone: "down" });
    expect(changeOf(3, 0)).toEqual({ text: "New in this period", tone: "up" });
    expect(changeOf(0, 0)).toEqual({ text: "None in either period", tone: "same" });
    expect(changeOf(7, 7)).toEqual({ text: "No change", tone: "same" });
  });
});
