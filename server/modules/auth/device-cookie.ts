import crypto from "node:crypto";
import cookieParser from "cookie-parser";
import type { Request, RequestHandler, Response } from "express";

/** A year: the owner's own browser stays known between logins. */
const DEVICE_COOKIE_DAYS = 365;

/**
 * Device cookies (OWASP's "slow down online guessing attacks with device cookies"): a browser
 * the owner has logged in from carries a signed cookie naming the account and a random device
 * id. Its login tries are counted against that device alone, so failures from anywhere else
 * (one address or thousands) never block the owner on a known browser. The cookie grants
 * nothing but that: the password is checked as always, and a device that keeps failing is
 * blocked and then treated as any unknown browser. Signed with cookie-parser's signing
 * (cookie-signature) under a key of its own derived from the session secret; a new secret
 * forgets every known browser.
 */
export interface DeviceCookies {
  /** cookie-parser for the login routes: reads signed cookies and lets res.cookie sign. */
  parser: RequestHandler;
  /** The device id when the request carries a cookie this site signed for this account. */
  deviceOf(req: Request, email: string): string | null;
  /** A new device id for this account, sent as a long-lived signed cookie. */
  issue(res: Response, email: string): void;
}

export function createDeviceCookies(sessionSecret: string, secureOnly: boolean): DeviceCookies {
  // Sent to the login routes only (so pages and lists never see it): a path other than "/"
  // rules out the __Host- prefix; __Secure- still demands HTTPS.
  const name = secureOnly ? "__Secure-device" : "device";
  const key = crypto.createHmac("sha256", sessionSecret).update("device-cookie").digest("base64url");
  // The account is named by a keyed digest: the cookie holds no e-mail address, and one cannot
  // be confirmed by hashing guesses.
  const accountTag = (email: string) =>
    crypto.createHmac("sha256", key).update(email.trim().toLowerCase()).digest("base64url").slice(0, 22);
  const maxAgeMs = DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000;
  return {
    parser: cookieParser(key),
    deviceOf(req, email) {
      const value: unknown = (req.signedCookies as Record<string, unknown> | undefined)?.[name];
      if (typeof value !== "string") return null;
      const [device, account, issued] = value.split(".");
      // The browser drops it after a year; the server does not take an older one either.
      const fresh = Date.now() - Number(issued) * 1000 < maxAgeMs;
      return device && account === accountTag(email) && fresh ? device : null;
    },
    issue(res, email) {
      const device = crypto.randomBytes(16).toString("base64url");
      res.cookie(name, `${device}.${accountTag(email)}.${Math.floor(Date.now() / 1000)}`, {
        signed: true,
        httpOnly: true,
        sameSite: "strict",
        secure: secureOnly,
        path: "/api/auth",
        maxAge: maxAgeMs,
      });
    },
  };
}
