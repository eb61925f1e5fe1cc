import { AppError } from "../../platform/http/errors";
import { throttleAddress } from "../../platform/http/client-address";
import type { Throttle } from "../../platform/limits/throttle";

/**
 * The login throttling policy (docs/decisions/003-throttling-in-postgresql.md): which counters a
 * try is charged to, and the owner's ways in while strangers are blocked. The rules' numbers are
 * in throttles.ts; the counting in throttle.ts.
 */

/** The counters a login try from an unknown browser is charged to: the address, the account, the two together, and the whole site. */
function unknownBrowserKeys(account: string, ip: string | undefined): Record<string, string> {
  const address = throttleAddress(ip);
  return { "login-account-ip": `${account}|${address}`, "login-ip": address, "login-account": account, "login-all": "site" };
}

/**
 * Counts a login try before any hashing, or refuses it (429). From a browser the owner logged
 * in with before (its device cookie), the try is charged to that device alone, until the device
 * itself is blocked: then it is an unknown browser like any other.
 */
export async function chargeLoginTry(
  throttle: Throttle,
  account: string,
  ip: string | undefined,
  device: string | null,
): Promise<Record<string, string>> {
  if (device) {
    const keys = { "login-device": `${account}|${device}` };
    try {
      await throttle.attempt(keys);
      return keys;
    } catch (err) {
      // The device is blocked (or this try blocked it): the try goes on as an unknown browser's.
      if (!(err instanceof AppError && err.code === "TOO_MANY_REQUESTS")) throw err;
    }
  }
  const keys = unknownBrowserKeys(account, ip);
  const refused = await throttle.check(keys);
  if (!refused) {
    await throttle.consume(keys);
    return keys;
  }
  // An account-wide block (failures from many addresses) does not shut the owner out: an
  // address in good standing (no failed try in the window) gets one try an hour of its own,
  // taken atomically (so a burst from a fresh address is still one try), and only if nothing
  // else (the site-wide number) refuses it.
  const { "login-account": _account, ...perAddress } = keys;
  const inGoodStanding = refused.rule === "login-account" && (await throttle.used("login-ip", keys["login-ip"]!)) === 0;
  if (!inGoodStanding) throw throttle.refusal(refused);
  const elsewhere = await throttle.check(perAddress);
  if (elsewhere) throw throttle.refusal(elsewhere);
  await throttle.consume({ "login-grace": keys["login-ip"]! });
  await throttle.consume(perAddress);
  return perAddress;
}
