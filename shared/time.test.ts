import { describe, expect, it } from "vitest";
import { formatClock, formatDuration } from "./time";

describe("times", () => {
  it("when seconds are shown as a clock, then hours appear only when there are some", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(245.9)).toBe("4:05");
    expect(formatClock(3723)).toBe("1:02:03");
    expect(formatClock(-5)).toBe("0:00");
  });
  it("when a duration is said in words, then it is seconds, minutes, or hours and minutes", () => {
    expect(formatDuration(40)).toBe("40 s");
    expect(formatDuration(2700)).toBe("45 min");
    expect(formatDuration(3900)).toBe("1 h 5 min");
    expect(formatDuration(3600)).toBe("1 h");
  });
});
