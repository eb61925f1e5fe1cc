import { Router } from "express";
import { loginSchema, type CurrentUser } from "../../shared/api";
import type { PassportInstance, SessionUser } from "../auth/passport";
import { AppError } from "../lib/errors";
import { parse } from "../lib/validate";
import type { RequestHandler } from "express";

const toCurrentUser = (user: SessionUser): CurrentUser => ({ username: user.email, isAdmin: true });

export function authRouter(passport: PassportInstance, loginLimiters: RequestHandler[]): Router {
  const router = Router();

  router.post("/login", ...loginLimiters, (req, res, next) => {
    parse(loginSchema, req.body);
    passport.authenticate("local", (err: unknown, user: SessionUser | false) => {
      if (err) return next(err);
      if (!user) return next(new AppError("UNAUTHORIZED", "Invalid email or password"));
      // Passport 0.7 regenerates the session id on logIn (no fixation).
      req.logIn(user, (loginErr) => {
        if (loginErr) return next(loginErr);
        req.session.startedAt = Date.now();
        res.json(toCurrentUser(user));
      });
    })(req, res, next);
  });

  router.post("/logout", (req, res, next) => {
    req.logout((err) => {
      if (err) return next(err);
      req.session.destroy((destroyErr) => {
        if (destroyErr) return next(destroyErr);
        res.clearCookie(req.app.get("session cookie name") as string, { path: "/" });
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
