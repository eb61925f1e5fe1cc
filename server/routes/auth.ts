import { Router } from "express";
import { loginSchema, type CurrentUser } from "../../shared/api";
import type { PassportInstance, SessionUser } from "../auth/passport";
import { AppError } from "../lib/errors";
import { parse } from "../lib/validate";
import type { Throttle } from "../auth/throttle";

const toCurrentUser = (user: SessionUser): CurrentUser => ({ username: user.email, isAdmin: true });

/** The counters a login try is charged to: the address, the account, and the two together. */
export function loginThrottleKeys(email: string, ip: string): Record<string, string> {
  const account = email.trim().toLowerCase();
  return { "login-account-ip": `${account}|${ip}`, "login-ip": ip, "login-account": account };
}

export function authRouter(passport: PassportInstance, throttle: Throttle, cookieName: string, secureOnly: boolean): Router {
  const router = Router();

  router.post("/login", async (req, res, next) => {
    // Validation (a password over 1 KB included) and throttling come before any hashing.
    const { email } = parse(loginSchema, req.body);
    const keys = loginThrottleKeys(email, req.ip ?? "unknown");
    await throttle.attempt(keys);
    passport.authenticate("local", (err: unknown, user: SessionUser | false) => {
      if (err) return next(err);
      if (!user) return next(new AppError("UNAUTHORIZED", "Invalid email or password"));
      // Passport 0.7 regenerates the session id on logIn (no fixation).
      req.logIn(user, (loginErr) => {
        if (loginErr) return next(loginErr);
        req.session.startedAt = Date.now();
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
