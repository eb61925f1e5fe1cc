import crypto from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashPassword } from "../auth/passwords";
import { checkAuditionCode } from "./service";

/** A cheap cost: what is tested is the audition's rules, not scrypt's (auth/passwords.test.ts). */
const COST = { N: 2 ** 10, r: 8, p: 1 };
const hash = (prefix: string) => hashPassword(prefix, COST);
const matches = async (candidate: string, stored: string | null) => (await checkAuditionCode(candidate, stored, COST)).ok;
const WRONG = ["podedit", "podeditX1", "wrong", "podedi42", "Podedit42", "podedit4a", "42", ""];

describe("checkAuditionCode", () => {
  afterEach(() => vi.restoreAllMocks());

  it("when the prefix is followed by one or more digits, then it matches; otherwise not", async () => {
    const stored = `audition$${await hash("podedit")}`;
    expect(await matches("podedit42", stored)).toBe(true);
    expect(await matches("podedit0", stored)).toBe(true);
    for (const wrong of WRONG) expect(await matches(wrong, stored), wrong).toBe(false);
  });

  it("when a code opens the audition, then the candidate's number comes back without the prefix, also for an old hash whose prefix ends in a digit", async () => {
    expect(await checkAuditionCode("podedit12", `audition$${await hash("podedit")}`, COST)).toMatchObject({ ok: true, number: "12" });
    expect(await checkAuditionCode("pod712", `prefix$4$${await hash("pod7")}`, COST)).toMatchObject({ ok: true, number: "12" });
    expect((await checkAuditionCode("wrong12", `audition$${await hash("podedit")}`, COST)).number).toBeUndefined();
  });

  it("when the hash is stored, then neither the prefix nor its length is in it in clear", async () => {
    const stored = `audition$${await hash("podedit")}`;
    expect(stored).not.toMatch(/\$7\$|podedit/);
  });

  it("when a hash of the old form (with the length) matches, then it is replaced by one without it", async () => {
    const legacy = `prefix$7$${await hash("podedit")}`;
    expect(await matches("podedit42", legacy)).toBe(true);
    for (const wrong of WRONG) expect(await matches(wrong, legacy), wrong).toBe(false);
    const { rehash } = await checkAuditionCode("podedit7", legacy, COST);
    expect(rehash).toMatch(/^audition\$scrypt\$/);
    expect(await matches("podedit42", rehash!)).toBe(true);
    expect((await checkAuditionCode("nope1", legacy, COST)).rehash).toBeUndefined();
  });

  it("when nothing is stored, then nothing matches, after the same hashing work as a real check", async () => {
    await matches("warm-up1", null); // the dummy hash is made once
    const hashes = vi.spyOn(crypto, "scrypt");
    expect(await matches("podedit42", null)).toBe(false);
    expect(await matches("podedit42", "")).toBe(false);
    expect(hashes).toHaveBeenCalledTimes(2);
  });
});
