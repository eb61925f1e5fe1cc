import { describe, expect, it } from "vitest";
import { countText, cutAtWord, ellipsize } from "./strings";

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

describe("ellipsize", () => {
  it("when a text is longer than the limit, then it is cut to the limit with an ellipsis and no space before it; a short one stays", () => {
    expect(ellipsize("Why pain is a protector", 10)).toBe("Why pain…");
    expect(ellipsize("Short", 10)).toBe("Short");
    expect(ellipsize("Exactly10!", 10)).toBe("Exactly10!");
  });
});
