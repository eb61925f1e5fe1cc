import { Router } from "express";
import { loginSchema, type CurrentUser } from "../../../shared/api";
import type { PassportInstance, SessionUser } from "./passport";
import { AppError } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import type { Throttle } from "../../platform/limits/throttle";
import type { DeviceCookies } from "./device-cookie";
import { chargeLoginTry } from "./login-throttle";
import { sayFor } from "../languages";

const toCurrentUser = (user: SessionUser): CurrentUser => ({ username: user.email, isAdmin: true, role: user.role });

export function authRouter(
  passport: PassportInstance,
  throttle: Throttle,
  devices: DeviceCookies,
  cookieName: string,
  secureOnly: boolean,
): Router {
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
      if (!user) return next(new AppError("UNAUTHORIZED", "error.wrongLogin"));
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
        res.json({ message: sayFor(req)("auth.loggedOut") });
      });
    });
  });

  router.get("/me", (req, res) => {
    if (!req.isAuthenticated() || !req.user) throw new AppError("UNAUTHORIZED", "error.notLoggedIn");
    res.set("Cache-Control", "no-store").json(toCurrentUser(req.user));
  });

  return router;
}
