import { describe, expect, it } from "vitest";
import { heardBetween, stepOf } from "./collector";

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

  it("when audio is heard, then a report is due at each quarter and at the first minute, and at no other time", () => {
    const steps = [0, 30, 59, 60, 899, 900, 1800, 2700, 3599, 3600].map((played) => stepOf(played, 3_600));
    expect(steps).toEqual([0, 0, 0, 5, 5, 6, 7, 8, 8, 9]);
    // A short episode: the quarters first, the minute never (its end reports the listen).
    expect([0, 10, 20, 30, 40].map((played) => stepOf(played, 40))).toEqual([0, 1, 2, 3, 4]);
  });
});
