import { describe, expect, it } from "vitest";
import { heardBetween, marksOf } from "./collector";

describe("the audio a visitor heard (seeking does not count)", () => {
  it("when the player's time moves as fast as the clock, then that time was heard", () => {
    expect(heardBetween(0.25, 0.25, 1)).toBe(0.25);
    expect(heardBetween(0.5, 0.25, 2)).toBe(0.5); // at 2x the audio moves twice as fast
  });

  it("when the time jumps forward (a seek), goes back, or stands, then nothing was heard", () => {
    expect(heardBetween(600, 0.3, 1)).toBe(0);
    expect(heardBetween(-30, 0.3, 1)).toBe(0);
    expect(heardBetween(0, 5, 1)).toBe(0);
  });

  it("when the marks change as audio is heard, then each change is one report", () => {
    const marks = [0, 30, 59, 60, 900, 1800, 2700, 3599.5].map((played) => marksOf(played, 3_600));
    expect(new Set(marks).size).toBe(6);
    expect(marks[0]).toBe(marksOf(0, 1));
  });
});
