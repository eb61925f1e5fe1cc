import { describe, expect, it } from "vitest";
import { isListen, LISTEN_SECONDS, quartersReached } from "./listening";

describe("the 60-second listen rule", () => {
  it("when a play has heard 60 seconds of a long episode, then it is a listen; at 59 it is not", () => {
    expect(LISTEN_SECONDS).toBe(60);
    expect(isListen(60, 3_600)).toBe(true);
    expect(isListen(59, 3_600)).toBe(false);
    expect(isListen(0, 3_600)).toBe(false);
  });

  it("when an episode is shorter than a minute, then hearing all of it is a listen, and most of it is not", () => {
    expect(isListen(30, 30)).toBe(true);
    expect(isListen(29.5, 30)).toBe(true); // the last report comes a fraction before the end
    expect(isListen(20, 30)).toBe(false);
    expect(isListen(2, 2)).toBe(true);
    expect(isListen(1, 2)).toBe(false);
  });

  it("when the duration is unknown or zero, then only 60 seconds make a listen", () => {
    expect(isListen(10, 0)).toBe(false);
    expect(isListen(61, 0)).toBe(true);
  });
});

describe("quarter marks", () => {
  it("when the audio heard passes 25, 50, 75 and 100 % of the duration, then 1, 2, 3 and 4 marks are reached", () => {
    expect(quartersReached(0, 400)).toBe(0);
    expect(quartersReached(98, 400)).toBe(0);
    expect(quartersReached(100, 400)).toBe(1);
    expect(quartersReached(200, 400)).toBe(2);
    expect(quartersReached(300, 400)).toBe(3);
    expect(quartersReached(399.5, 400)).toBe(4);
    expect(quartersReached(398, 400)).toBe(3);
  });

  it("when more is reported than the episode lasts, then it is still 4 marks; nothing heard or no duration is 0", () => {
    expect(quartersReached(900, 400)).toBe(4);
    expect(quartersReached(-5, 400)).toBe(0);
    expect(quartersReached(100, 0)).toBe(0);
    expect(quartersReached(100, Number.NaN)).toBe(0);
  });

  it("when a very short audio is played to its end, then every mark is reached, and half of it reaches two", () => {
    expect(quartersReached(3, 3)).toBe(4);
    expect(quartersReached(1.5, 3)).toBe(2);
  });
});
