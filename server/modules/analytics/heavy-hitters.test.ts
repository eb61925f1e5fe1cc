import { describe, expect, it } from "vitest";
import { NamedValues, SpaceSaving } from "./heavy-hitters";

describe("the Space-Saving summary", () => {
  it("when a value recurs more often than the stream over the capacity, among many that come once, then its sure count is how often it came, and a newcomer's is 1", () => {
    const summary = new SpaceSaving(100);
    let sure = 0;
    for (let i = 0; i < 1_000; i++) {
      summary.offer(`junk${i}`);
      if (i % 50 === 0) sure = summary.offer("real");
    }
    expect(sure).toBe(20);
    expect(summary.offer("newcomer")).toBe(1);
  });

  it("when the stream is random, then no sure count ever exceeds the true count", () => {
    const summary = new SpaceSaving(16);
    const truth = new Map<string, number>();
    let seed = 7;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const value = `v${Math.floor((seed / 2 ** 31) ** 3 * 200)}`;
      truth.set(value, (truth.get(value) ?? 0) + 1);
      expect(summary.offer(value)).toBeLessThanOrEqual(truth.get(value)!);
    }
  });
});

describe("which values keep their name", () => {
  const caps = { free: 3, most: 9, watched: 12 };

  it("when fewer values than the free names come, then each is named at once", () => {
    const names = new NamedValues(caps);
    expect(["a", "b", "c", "a"].map((v) => names.admit(v))).toEqual(["a", "b", "c", "a"]);
  });

  it("when the free names are taken, then a value is named on its second coming, and the bar rises with every free names more", () => {
    const names = new NamedValues(caps);
    for (const v of ["a", "b", "c"]) names.admit(v);
    expect(names.admit("d")).toBeNull();
    expect(names.admit("d")).toBe("d");
    for (const v of ["e", "e", "f", "f"]) names.admit(v);
    // Six named: a value now needs to be surely seen 3 times.
    expect([names.admit("g"), names.admit("g"), names.admit("g")]).toEqual([null, null, "g"]);
  });

  it("when the most names a day may have are given, then every new value is other", () => {
    const names = new NamedValues({ free: 2, most: 2, watched: 4 });
    names.admit("a");
    names.admit("b");
    expect([names.admit("c"), names.admit("c"), names.admit("c")]).toEqual([null, null, null]);
    expect(names.admit("a")).toBe("a");
  });
});
