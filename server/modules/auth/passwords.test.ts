import { describe, expect, it } from "vitest";
import { hashPassword, isBelowCost, PASSWORD_COST, verifyPassword } from "./passwords";

describe("hashPassword", () => {
  it("when a password is hashed at the default cost, then it is scrypt at N=2^17, r=8, p=1 and verifies", async () => {
    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });

    const stored = await hashPassword("correct horse");

    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("wrong horse", stored)).toBe(false);
  });
});

describe("isBelowCost", () => {
  it("when any of N, r or p is lower than asked, or the hash is not ours, then it is below; equal or higher is not", async () => {
    const cost = { N: 2 ** 11, r: 8, p: 1 };
    const at = (N: number, r: number, p: number) => hashPassword("x", { N, r, p });

    expect(isBelowCost(await at(2 ** 10, 8, 1), cost)).toBe(true);
    expect(isBelowCost(await at(2 ** 11, 4, 1), cost)).toBe(true);
    expect(isBelowCost(await at(2 ** 11, 8, 1), { ...cost, p: 2 })).toBe(true);
    expect(isBelowCost("bcrypt$whatever", cost)).toBe(true);
    expect(isBelowCost(await at(2 ** 11, 8, 1), cost)).toBe(false);
    expect(isBelowCost(await at(2 ** 12, 8, 1), cost)).toBe(false);
  });
});
