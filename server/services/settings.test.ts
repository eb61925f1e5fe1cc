import { describe, expect, it } from "vitest";
import { hashPassword } from "../auth/passwords";
import { auditionPasswordMatches } from "./settings";

describe("auditionPasswordMatches", () => {
  it("when the prefix is followed by one or more digits, then it matches; otherwise not", async () => {
    const stored = `prefix$7$${await hashPassword("podedit")}`;
    expect(await auditionPasswordMatches("podedit42", stored)).toBe(true);
    expect(await auditionPasswordMatches("podedit0", stored)).toBe(true);
    for (const wrong of ["podedit", "podeditX1", "wrong", "podedi42", "Podedit42", "podedit4a"]) {
      expect(await auditionPasswordMatches(wrong, stored), wrong).toBe(false);
    }
  });
  it("when nothing is stored, then nothing matches", async () => {
    expect(await auditionPasswordMatches("podedit42", null)).toBe(false);
    expect(await auditionPasswordMatches("podedit42", "")).toBe(false);
  });
});
