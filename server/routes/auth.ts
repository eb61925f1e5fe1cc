import { Router } from "express";
import { loginSchema, type CurrentUser } from "../../shared/api";
import type { PassportInstance, SessionUser } from "../auth/passport";
import { AppError } from "../lib/errors";
import { parse } from "../lib/validate";
import { throttleAddress } from "../auth/client-address";
import type { Throttle } from "../auth/throttle";
import type { DeviceCookies } from "../auth/device-cookie";

const toCurrentUser = (user: SessionUser): CurrentUser => ({ username: user.email, isAdmin: true });

/**
 * The counters a login try is charged to: from a browser the owner logged in with before (its
 * device cookie), that device alone; from anywhere else the address, the account, the two
 * together, and the whole site.
 */
function loginThrottleKeys(email: string, ip: string | undefined, device: string | null): Record<string, string> {
  const account = email.trim().toLowerCase();
  if (device) return { "login-device": `${account}|${device}` };
  const address = throttleAddress(ip);
  return { "login-account-ip": `${account}|${address}`, "login-ip": address, "login-account": account, "login-all": "site" };
}

export function authRouter(passport: PassportInstance, throttle: Throttle, devices: DeviceCookies, cookieName: string, secureOnly: boolean): Router {
  const router = Router();

  router.post("/login", devices.parser, async (req, res, next) => {
    // Validation (a password over 1 KB included) and throttling come before any hashing.
    const { email, password } = parse(loginSchema, req.body);
    // Passport reads the body: it authenticates the parsed (trimmed) values, not the raw ones.
    req.body = { email, password };
    const keys = loginThrottleKeys(email, req.ip, devices.deviceOf(req, email));
    const refused = await throttle.check(keys);
    if (refused) {
      // An account-wide block (failures from many addresses) does not shut the owner out: an
      // address in good standing (no failed try in the window) still gets a try, counted
      // against it alone. Each address of a spread-out attack gets one try, not five.
      const inGoodStanding = refused.rule === "login-account" && (await throttle.used("login-ip", keys["login-ip"]!)) === 0;
      if (!inGoodStanding) throw throttle.refusal(refused);
    }
    const { "login-account": _account, ...perAddress } = keys;
    await throttle.consume(refused ? perAddress : keys);
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
