import { describe, expect, it } from "vitest";
import type { AdminKey, Translate } from "@/lib/i18n";
import { englishI18n } from "@/test/language";
import { changeOf, lastDays, previousRange, rangeProblem } from "./ranges";

const english = englishI18n();
const t: Translate<AdminKey> = (key, values) => english._(key, values);

describe("the analytics screen's ranges", () => {
  it("when the last 7 days are chosen, then the range ends today and the previous period is the 7 days before", () => {
    const range = lastDays(7, "2026-11-25");
    expect(range).toEqual({ from: "2026-11-19", to: "2026-11-25" });
    expect(previousRange(range)).toEqual({ from: "2026-11-12", to: "2026-11-18" });
  });

  it("when a custom range is backwards, incomplete or too long, then the screen says why", () => {
    expect(rangeProblem({ from: "2026-11-10", to: "2026-11-01" }, t)).toMatch(/before/);
    expect(rangeProblem({ from: "", to: "2026-11-01" }, t)).toMatch(/both/);
    expect(rangeProblem({ from: "2024-01-01", to: "2026-11-01" }, t)).toMatch(/366/);
    expect(rangeProblem({ from: "2026-11-01", to: "2026-11-10" }, t)).toBeNull();
  });

  it("when a figure moved against the previous period, then the change is said in words", () => {
    expect(changeOf(15, 10, t, "en")).toEqual({ text: "Up 50%", tone: "up" });
    expect(changeOf(5, 10, t, "en")).toEqual({ text: "Down 50%", tone: "down" });
    expect(changeOf(3, 0, t, "en")).toEqual({ text: "New in this period", tone: "up" });
    expect(changeOf(0, 0, t, "en")).toEqual({ text: "None in either period", tone: "same" });
    expect(changeOf(7, 7, t, "en")).toEqual({ text: "No change", tone: "same" });
    expect(changeOf(1001, 1000, t, "en")).toEqual({ text: "Up less than 1%", tone: "same" });
    expect(changeOf(2500, 100, t, "en")).toEqual({ text: "Up 2,400%", tone: "up" });
  });

  it("when the admin's language writes numbers its own way, then the percentage is written that way (French: a space before %)", () => {
    expect(changeOf(15, 10, t, "fr").text).toMatch(/^Up 50\s%$/);
  });
});
