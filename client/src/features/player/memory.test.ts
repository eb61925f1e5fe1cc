import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memory } from "./memory";

/** A browser's local storage, or one that refuses every write (a private window's, a full quota). */
function fakeStorage({ refuses = false } = {}) {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (refuses) throw new DOMException("QuotaExceededError");
      items.set(key, value);
    },
  };
}

describe("what the player remembers", () => {
  beforeEach(() => Object.assign(globalThis, { localStorage: fakeStorage() }));
  afterEach(() => Reflect.deleteProperty(globalThis, "localStorage"));

  it("when an episode is left in the middle, then its position is remembered in whole seconds; near its start or end it is forgotten", () => {
    memory.setPosition("a", 75.8, 600);
    expect(memory.position("a")).toBe(75);
    memory.setPosition("a", 3, 600);
    expect(memory.position("a")).toBeNull();
    memory.setPosition("b", 300, 600);
    memory.setPosition("b", 597, 600);
    expect(memory.position("b")).toBeNull();
    memory.setPosition("c", 300, null);
    expect(memory.position("c")).toBe(300);
  });

  it("when more than 200 episodes are remembered, then the one left longest ago is forgotten first", () => {
    for (let i = 0; i < 201; i++) memory.setPosition(`e${i}`, 60, 600);
    expect(memory.position("e0")).toBeNull();
    expect(memory.position("e1")).toBe(60);
    expect(memory.position("e200")).toBe(60);
  });

  it("when a speed is chosen, then it is remembered beside the positions", () => {
    memory.setPosition("a", 60, 600);
    memory.setRate(1.5);
    expect(memory.rate()).toBe(1.5);
    expect(memory.position("a")).toBe(60);
  });

  it("when the storage refuses or holds something else, then nothing is remembered and nothing fails", () => {
    Object.assign(globalThis, { localStorage: fakeStorage({ refuses: true }) });
    expect(() => memory.setPosition("a", 60, 600)).not.toThrow();
    expect(memory.position("a")).toBeNull();
    expect(memory.rate()).toBeNull();
    const odd = fakeStorage();
    odd.setItem("podcast-player", '{"rate":"fast","positions":{"a":"x"}}');
    Object.assign(globalThis, { localStorage: odd });
    expect(memory.rate()).toBeNull();
    expect(memory.position("a")).toBeNull();
    odd.setItem("podcast-player", "not json");
    expect(memory.position("a")).toBeNull();
  });
});
