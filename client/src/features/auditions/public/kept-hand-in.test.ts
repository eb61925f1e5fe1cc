import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KEPT_FOR_MS } from "@/lib/kept-for-an-hour";
import { forgetKeptHandIn, keepHandIn, readKeptHandIn } from "./kept-hand-in";

/** The browser's localStorage, as a Map (the unit tests run without a DOM). */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
}

const KEPT = { code: "podedit42", name: "Ada", email: "ada@example.com", notes: "Cut the ums.", fileName: "edit.wav" };

describe("a hand-in kept in the browser", () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal("localStorage", storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("when it is read within the hour, then the code and the form come back as kept", () => {
    keepHandIn(KEPT, 1_000);
    expect(readKeptHandIn(1_000 + KEPT_FOR_MS - 1)).toEqual(KEPT);
  });

  it("when the hour has passed, then nothing comes back and it is removed from the browser", () => {
    keepHandIn(KEPT, 1_000);
    expect(readKeptHandIn(1_000 + KEPT_FOR_MS)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it("when it is kept again, then its hour counts from then", () => {
    keepHandIn(KEPT, 1_000);
    keepHandIn(KEPT, 1_000 + KEPT_FOR_MS - 10);
    expect(readKeptHandIn(1_000 + KEPT_FOR_MS + 10)).toEqual(KEPT);
  });

  it("when it is forgotten (the edit arrived, or the candidate starts over), then nothing comes back", () => {
    keepHandIn(KEPT);
    forgetKeptHandIn();
    expect(readKeptHandIn()).toBeNull();
  });

  it("when what is stored is broken or of another shape, then nothing comes back and it is removed", () => {
    for (const raw of ["{", "null", JSON.stringify({ code: 42, savedAt: Date.now() }), JSON.stringify({ ...KEPT })]) {
      storage.items.set("audition-hand-in:kept", raw);
      expect(readKeptHandIn(), raw).toBeNull();
      expect(storage.items.size, raw).toBe(0);
    }
  });

  it("when the browser refuses storage, then keeping and reading do not throw", () => {
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    });
    expect(() => keepHandIn(KEPT)).not.toThrow();
    expect(readKeptHandIn()).toBeNull();
    expect(() => forgetKeptHandIn()).not.toThrow();
  });
});
