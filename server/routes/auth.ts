import { Router } from "express";
import { loginSchema, type CurrentUser } from "../../shared/api";
import type { PassportInstance, SessionUser } from "../auth/passport";
import { AppError } from "../lib/errors";
import { parse } from "../lib/validate";
import { throttleAddress } from "../auth/client-address";
import type { Throttle } from "../auth/throttle";
import type { DeviceCookies } from "../auth/device-cookie";

const toCurrentUser = (user: SessionUser): CurrentUser => ({ username: user.email, isAdmin: true });

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
async function chargeLoginTry(throttle: Throttle, account: string, ip: string | undefined, device: string | null): Promise<Record<string, string>> {
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

export function authRouter(passport: PassportInstance, throttle: Throttle, devices: DeviceCookies, cookieName: string, secureOnly: boolean): Router {
  const router = Router();

  router.post("/login", devices.parser, async (req, res, next) => {
    // Validation (a password over 1 KB included) and throttling come before any hashing.
    const { email, password } = parse(loginSchema, req.body);
    // Passport reads the body: it authenticates the parsed (trimmed) values, not the raw ones.
    req.body = { email, password };
    const account = email.trim().toLowerCase();
    const keys = await chargeLoginTry(throttle, account, req.ip, devices.deviceOf(req, email));
    passport.authenticate("local", (err: unknown, user: SessionUser | false) => {
      if (err) return next(err);
      if (!user) return next(new AppError("UNAUTHORIZED", "Invalid email or password"));
      // Passport 0.7 regenerates the session id on logIn (no fixation).
      req.logIn(user, (loginErr) => {
        if (loginErr) return next(loginErr);
        req.session.startedAt = Date.now();
        devices.issue(res, user.email);
        throttle.succeeded(keys).then(
          () => res.json(toCurrentUser(user)),
          (throttleErr: unknown) => next(throttleErr),
        );
      });
    })(req, res, next);
  });

  router.post("/logout", (req, res, next) => {
    req.logout((err) => {
      if (err) return next(err);
      req.session.destroy((destroyErr) => {
        if (destroyErr) return next(destroyErr);
        // The same attributes as the cookie itself: a __Host- cookie is only replaced by a Secure one.
        res.clearCookie(cookieName, { path: "/", httpOnly: true, sameSite: "lax", secure: secureOnly });
        res.json({ message: "Logged out" });
      });
    });
  });

  router.get("/me", (req, res) => {
    if (!req.isAuthenticated() || !req.user) throw new AppError("UNAUTHORIZED", "Not logged in");
    res.set("Cache-Control", "no-store").json(toCurrentUser(req.user));
  });

  return router;
}
