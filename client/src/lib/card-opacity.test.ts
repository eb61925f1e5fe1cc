import { describe, expect, it } from "vitest";
import { cardOpacity } from "./card-opacity";

describe("cardOpacity", () => {
  it("when the card is first, then the opacity is 0.1", () => {
    expect(cardOpacity(0)).toBe(0.1);
  });
  it("when the card is further along, then the opacity rises by 0.1 per index", () => {
    expect(cardOpacity(1)).toBe(0.2);
    expect(cardOpacity(2)).toBe(0.3);
    expect(cardOpacity(3)).toBe(0.4);
  });
  it("when the index passes 3, then the opacity stays capped at 0.4", () => {
    expect(cardOpacity(4)).toBe(0.4);
    expect(cardOpacity(50)).toBe(0.4);
  });
});
