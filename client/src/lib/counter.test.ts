import { describe, expect, it } from "vitest";
import { counterText } from "./counter";

describe("counters", () => {
  it("when the field is empty, then the counter shows 0 out of the limit", () => {
    expect(counterText("", 200)).toBe("0/200");
  });
  it("when text is typed, then the counter shows its length out of the limit", () => {
    expect(counterText("Pain is a protector.", 200)).toBe("20/200");
    expect(counterText("x".repeat(160), 160)).toBe("160/160");
  });
});
