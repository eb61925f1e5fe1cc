import { Passport } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Db } from "../db/client";
import { findUserById, findUserForLogin } from "../storage/users";
import { burnPasswordCheck, verifyPassword } from "./passwords";

export interface SessionUser {
  id: number;
  email: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    interface User extends SessionUser {}
  }
}

/**
 * A Passport of its own per app: with the global one, a second createApp() in one process (tests,
 * a restart) would share the first one's strategies and serializers.
 */
export type PassportInstance = InstanceType<typeof Passport>;

export function createPassport(db: Db): PassportInstance {
  const passport = new Passport();
  passport.use(
    new LocalStrategy({ usernameField: "email", passwordField: "password", session: true }, (email, password, done) => {
      (async () => {
        const user = await findUserForLogin(db, email);
        const ok = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
        return ok && user ? { id: user.id, email: user.email } : false;
      })().then(
        (user) => done(null, user),
        (err: unknown) => done(err),
      );
    }),
  );
  passport.serializeUser<number>((user, done) => done(null, (user as SessionUser).id));
  passport.deserializeUser<number>((id, done) => {
    findUserById(db, id).then(
      (user) => done(null, user ?? false),
      (err: unknown) => done(err),
    );
  });
  return passport;
}
