import { describe, expect, it } from "vitest";
import { parseArticle } from "./article";

describe("parseArticle", () => {
  it("when the content is empty, then there are no paragraphs", () => {
    expect(parseArticle("")).toEqual([]);
    expect(parseArticle(null)).toEqual([]);
    expect(parseArticle("\n\n  \n")).toEqual([]);
  });

  it("when paragraphs are separated by blank lines, then each becomes one paragraph", () => {
    expect(parseArticle("First line\nstill first\n\nSecond\r\n\r\nThird")).toEqual([
      { kind: "plain", text: "First line\nstill first" },
      { kind: "plain", text: "Second" },
      { kind: "plain", text: "Third" },
    ]);
  });

  it("when a blank line holds only spaces, then it still separates paragraphs", () => {
    expect(parseArticle("One\n   \nTwo")).toHaveLength(2);
  });

  it("when a paragraph contains a colon, then the text before the first colon is the label", () => {
    expect(parseArticle("Host: pain is: an output of the brain")).toEqual([
      { kind: "labelled", label: "Host", text: "pain is: an output of the brain" },
    ]);
  });

  it("when a paragraph starts with a colon, then it stays plain", () => {
    expect(parseArticle(": nothing before")).toEqual([{ kind: "plain", text: ": nothing before" }]);
  });
});
