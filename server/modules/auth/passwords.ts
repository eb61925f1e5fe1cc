import crypto from "node:crypto";

/** Looked up on every call (not captured at load), so a test can count the hashes made. */
function scrypt(password: crypto.BinaryLike, salt: crypto.BinaryLike, keylen: number, options: crypto.ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => crypto.scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

/** scrypt's cost: N (a power of two), r (block size) and p (parallelism); it uses 128·N·r bytes. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * N=2^17, r=8, p=1: 128 MB and a few hundred milliseconds per hash, salted per password (the
 * cost OWASP gives for scrypt). A hash of a lower cost is made again at the next login that
 * proves the password (`isBelowCost`). Tests give a cheaper cost as the app's dependency.
 */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
/**
 * Room for the production cost twice over: node refuses a hash needing more, so a stored hash
 * can never make a check take more memory than that.
 */
const MAX_MEM = 2 * 128 * PASSWORD_COST.N * PASSWORD_COST.r;

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...cost, maxmem: MAX_MEM });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** The cost a stored hash was made with, or null when it is not one of ours. */
function costOf(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  return { cost: { N: Number(n), r: Number(r), p: Number(p) }, salt: Buffer.from(saltB64, "base64"), key: Buffer.from(keyB64, "base64") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = costOf(stored);
  if (!parsed) return false;
  const key = await scrypt(password.normalize("NFKC"), parsed.salt, parsed.key.length, { ...parsed.cost, maxmem: MAX_MEM });
  return key.length === parsed.key.length && crypto.timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with less work than `cost` asks (any of N, r, p lower). */
export function isBelowCost(stored: string, cost: ScryptCost): boolean {
  const parsed = costOf(stored);
  return !parsed || parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}

const dummyHashes = new Map<string, Promise<string>>();

/**
 * Spends the same work as a real check, for an unknown account, so a wrong e-mail and a wrong
 * password cannot be told apart by timing.
 */
export async function burnPasswordCheck(password: string, cost: ScryptCost = PASSWORD_COST): Promise<false> {
  await verifyPassword(password, await prepareDummyHash(cost));
  return false;
}

/** The hash an unknown account is checked against, made once per cost (at start, so no try pays for it). */
export function prepareDummyHash(cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const name = `${cost.N}$${cost.r}$${cost.p}`;
  let made = dummyHashes.get(name);
  if (!made) {
    made = hashPassword(crypto.randomBytes(16).toString("hex"), cost).catch((err: unknown) => {
      dummyHashes.delete(name); // made again on the next need rather than failing every later try
      throw err;
    });
    dummyHashes.set(name, made);
  }
  return made;
}
