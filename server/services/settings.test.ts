import crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../auth/passwords";
import { checkAuditionCode } from "./settings";

const matches = async (candidate: string, stored: string | null) => (await checkAuditionCode(candidate, stored)).ok;
const WRONG = ["podedit", "podeditX1", "wrong", "podedi42", "Podedit42", "podedit4a", "42", ""];

describe("checkAuditionCode", () => {
  afterEach(() => vi.restoreAllMocks());

  it("when the prefix is followed by one or more digits, then it matches; otherwise not", async () => {
    const stored = `audition$${await hashPassword("podedit")}`;
    expect(await matches("podedit42", stored)).toBe(true);
    expect(await matches("podedit0", stored)).toBe(true);
    for (const wrong of WRONG) expect(await matches(wrong, stored), wrong).toBe(false);
  });

  it("when a code opens the audition, then the candidate's number comes back without the prefix, also for an old hash whose prefix ends in a digit", async () => {
    expect(await checkAuditionCode("podedit12", `audition$${await hashPassword("podedit")}`)).toMatchObject({ ok: true, number: "12" });
    expect(await checkAuditionCode("pod712", `prefix$4$${await hashPassword("pod7")}`)).toMatchObject({ ok: true, number: "12" });
    expect((await checkAuditionCode("wrong12", `audition$${await hashPassword("podedit")}`)).number).toBeUndefined();
  });

  it("when the hash is stored, then neither the prefix nor its length is in it in clear", async () => {
    const stored = `audition$${await hashPassword("podedit")}`;
    expect(stored).not.toMatch(/\$7\$|podedit/);
  });

  it("when a hash of the old form (with the length) matches, then it is replaced by one without it", async () => {
    const legacy = `prefix$7$${await hashPassword("podedit")}`;
    expect(await matches("podedit42", legacy)).toBe(true);
    for (const wrong of WRONG) expect(await matches(wrong, legacy), wrong).toBe(false);
    const { rehash } = await checkAuditionCode("podedit7", legacy);
    expect(rehash).toMatch(/^audition\$scrypt\$/);
    expect(await matches("podedit42", rehash!)).toBe(true);
    expect((await checkAuditionCode("nope1", legacy)).rehash).toBeUndefined();
  });

  it("when nothing is stored, then nothing matches, after the same hashing work as a real check", async () => {
    await matches("warm-up1", null); // the dummy hash is made once
    const hashes = vi.spyOn(crypto, "scrypt");
    expect(await matches("podedit42", null)).toBe(false);
    expect(await matches("podedit42", "")).toBe(false);
    expect(hashes).toHaveBeenCalledTimes(2);
  });
});
