import { describe, expect, it } from "vitest";
import { judgeProgress } from "./service";

const claim = (played: number, atSeconds: number) => ({ day: "2026-11-28", value: "7", visitor: "v", played, at: atSeconds * 1000 });

describe("what a progress claim earns", () => {
  const hourLong = judgeProgress((id) => (id === 7 ? 3600 : null));

  it("when a claim says more was played than the fastest speed could play since the play began, then only that much counts", () => {
    expect(hourLong(claim(3600, 0), 0)).toEqual([]);
    expect(hourLong(claim(3600, 60), 0)).toEqual(["listen"]);
    expect(hourLong(claim(3600, 450), 0)).toEqual(["listen", "q25"]);
    expect(hourLong(claim(3600, 1800), 0)).toEqual(["listen", "q25", "q50", "q75", "q100"]);
  });

  it("when 1 s is claimed of an hour-long episode, then nothing is earned (the claim's own duration never reaches the judge: service.ts takes the site's)", () => {
    expect(hourLong(claim(1, 1), 0)).toEqual([]);
  });

  it("when the site knows no duration, then a listen needs a minute of audio and no mark is counted", () => {
    const unknown = judgeProgress(() => null);
    expect(unknown(claim(59, 3600), 0)).toEqual([]);
    expect(unknown(claim(60, 3600), 0)).toEqual(["listen"]);
  });

  it("when a short episode is played whole in time, then it is a listen and every mark", () => {
    const short = judgeProgress(() => 40);
    expect(short(claim(40, 20), 0)).toEqual(["listen", "q25", "q50", "q75", "q100"]);
  });
});
