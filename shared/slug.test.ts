import { describe, expect, it } from "vitest";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugFromTitle, slugify } from "./slug";

describe("slugify", () => {
  it("when a title has capitals, punctuation and spaces, then each run becomes one hyphen, trimmed at both ends", () => {
    expect(slugify("  Pain & Learning: Part 1!  ")).toBe("pain-learning-part-1");
    expect(slugify("--Hello---World--")).toBe("hello-world");
  });
  it("when a title has no letters or digits, then the slug is empty", () => {
    expect(slugify("!!! ???")).toBe("");
    expect(slugify("😀🎧")).toBe("");
  });
  it("when letters are accented or not Latin, then they are transliterated instead of dropped", () => {
    expect(slugify("Ça va")).toBe("ca-va");
    expect(slugify("Café Olé")).toBe("cafe-ole");
    expect(slugify("Straße über Łódź")).toBe("strasse-ueber-lodz");
    expect(SLUG_PATTERN.test(slugify("مرحبا بالعالم"))).toBe(true);
  });
  it("when the title is long, then the slug fits the limit and is cut at a word", () => {
    const title =
      "Why pain is a protector and not a damage meter, and what that means for learning, for teaching and for every body that moves";
    const slug = slugify(title);
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(SLUG_PATTERN.test(slug)).toBe(true);
    // Whole words only: the slug is the full slug up to a hyphen.
    expect(slugify(title, 1_000).startsWith(`${slug}-`)).toBe(true);
    expect(slug).toBe(
      "why-pain-is-a-protector-and-not-a-damage-meter-and-what-that-means-for-learning-for-teaching-and-for-every-body-that",
    );
  });
  it("when one word is longer than the limit, then it is cut at the limit", () => {
    expect(slugify("a".repeat(300))).toBe("a".repeat(SLUG_MAX_LENGTH));
    expect(slugify("word ".repeat(10), 12)).toBe("word-word");
  });
});

describe("slugFromTitle", () => {
  it("when a title gives no slug (Chinese or Hebrew letters only, or nothing), then the item's kind names it, as the server does", () => {
    expect(slugFromTitle("你好世界", "episodes")).toBe("episode");
    expect(slugFromTitle("שלום", "clips")).toBe("clip");
    expect(slugFromTitle("", "episodes")).toBe("episode");
  });

  it("when a title is long, then its slug leaves room for the -2, -3... a clash adds", () => {
    const slug = slugFromTitle("word ".repeat(60), "episodes");
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH - 6);
    expect(slug).toMatch(SLUG_PATTERN);
    expect(slugFromTitle("Καλημέρα κόσμε", "episodes")).toBe("kalimera-kosme");
  });
});
