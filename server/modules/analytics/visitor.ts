import crypto from "node:crypto";
import { throttleAddress } from "../../platform/http/client-address";

/**
 * Who a visitor is, for one UTC day only (docs/analytics.md "Who counts"): a keyed hash of the
 * network they come from (the IPv4 address, or the IPv6 /64, since one IPv6 host usually holds
 * a whole /64 and may change addresses inside it) and their user agent, under that day's random
 * salt. The salt is deleted after 2 days, and with it any way to link the hash to an address.
 */
export const networkOf = (ip: string | undefined): string => throttleAddress(ip);

/** A salt: 32 random bytes. */
export const newSalt = (): Buffer => crypto.randomBytes(32);

/**
 * A salt as the key object `visitorKey` wants: made once per salt, because an HMAC keyed by a
 * Buffer checks and wraps the key anew on every call, which costs several times the hash itself.
 */
export const saltKey = (salt: Buffer): crypto.KeyObject => crypto.createSecretKey(salt);

/** The visitor's key for the day of `salt`: 16 bytes of HMAC-SHA-256, as hex. */
export function visitorKey(salt: crypto.KeyObject, network: string, userAgent: string): string {
  return crypto.createHmac("sha256", salt).update(network).update("\n").update(userAgent).digest().subarray(0, 16).toString("hex");
}
