import { describe, expect, it } from "vitest";
import { createSequenceMatcher, LOGIN_SEQUENCE } from "./key-sequence";

const feed = (keys: string[]) => {
  const match = createSequenceMatcher(LOGIN_SEQUENCE);
  return keys.map(match);
};

describe("login key sequence", () => {
  it("when ArrowUp ArrowUp ArrowDown ArrowDown is pressed, then the last key matches", () => {
    expect(feed(["ArrowUp", "ArrowUp", "ArrowDown", "ArrowDown"])).toEqual([false, false, false, true]);
  });
  it("when another key interrupts, then the sequence starts over", () => {
    expect(feed(["ArrowUp", "a", "ArrowUp", "ArrowDown", "ArrowDown"]).some(Boolean)).toBe(false);
  });
  it("when ArrowUp is pressed three times first, then the last two still start the sequence", () => {
    expect(feed(["ArrowUp", "ArrowUp", "ArrowUp", "ArrowDown", "ArrowDown"]).at(-1)).toBe(true);
  });
  it("when the sequence is entered twice, then it matches twice", () => {
    const keys = [...LOGIN_SEQUENCE, ...LOGIN_SEQUENCE];
    expect(feed(keys).filter(Boolean)).toHaveLength(2);
  });
});
