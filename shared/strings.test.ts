import { describe, expect, it } from "vitest";
import { countText, cutAtWord, trimChar, trimEndChar } from "./strings";

describe("trimEndChar", () => {
  it("when a value ends in a run of the character, then the run is removed and nothing else", () => {
    expect(trimEndChar("/api/auth/login///", "/")).toBe("/api/auth/login");
    expect(trimEndChar("/a/b", "/")).toBe("/a/b");
    expect(trimEndChar("////", "/")).toBe("");
    expect(trimEndChar("", "/")).toBe("");
  });

  it("when runs of 1,000 and 16,000 slashes are trimmed, then the work grows with the length, not its square", () => {
    /** Index reads made by trimEndChar, counted through a stand-in string. */
    const readsFor = (input: string) => {
      let reads = 0;
      const counted = new Proxy(
        { length: input.length, slice: (a?: number, b?: number) => input.slice(a, b) },
        {
          get(target, prop) {
            if (typeof prop === "string" && /^\d+$/.test(prop)) {
              reads++;
              return input[Number(prop)];
            }
            return Reflect.get(target, prop);
          },
        },
      ) as unknown as string;
      trimEndChar(counted, "/");
      return reads;
    };
    const small = readsFor(`x${"/".repeat(1_000)}`);
    const large = readsFor(`x${"/".repeat(16_000)}`);
    expect(small).toBe(1_001);
    expect(large).toBe(16_001);
    expect(readsFor(`${"/".repeat(16_000)}x`)).toBe(1);
  });
});

describe("trimChar", () => {
  it("when a value has the character at both ends, then both runs are removed", () => {
    expect(trimChar("--a-b--", "-")).toBe("a-b");
    expect(trimChar("---", "-")).toBe("");
  });
});

describe("cutAtWord", () => {
  it("when a name is longer than the limit, then it is cut after the last whole word that fits, never inside one", () => {
    expect(cutAtWord("Pain and Learning Podcast", 12)).toBe("Pain and");
    expect(cutAtWord("The Learning Brain", 12)).toBe("The Learning");
    expect(cutAtWord("St. Mary's Radio Hour", 12)).toBe("St. Mary's");
  });
  it("when the cut would leave punctuation hanging, then it goes too", () => {
    expect(cutAtWord("Pain & Learning", 12)).toBe("Pain");
    expect(cutAtWord("Aches: a show about pain", 12)).toBe("Aches: a");
    expect(cutAtWord("Sèries, Històries", 12)).toBe("Sèries");
  });
  it("when the name fits, then it is kept as it is; when its first word does not, then that word is kept whole", () => {
    expect(cutAtWord("  Pain Talk ", 12)).toBe("Pain Talk");
    expect(cutAtWord("Supercalifragilistic Show", 12)).toBe("Supercalifragilistic");
  });
});

describe("countText", () => {
  it("when there is one, then the noun stays singular; when there are none or many, then it takes an s", () => {
    expect(countText(1, "episode")).toBe("1 episode");
    expect(countText(0, "episode")).toBe("0 episodes");
    expect(countText(12, "episode")).toBe("12 episodes");
  });

  it("when the plural is not the noun with an s, then the one given is used", () => {
    expect(countText(1, "episode matches", "episodes match")).toBe("1 episode matches");
    expect(countText(3, "picture of a person", "pictures of people")).toBe("3 pictures of people");
  });
});
