import { Passport } from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Role } from "../../../shared/access";
import type { Db } from "../../platform/db/client";
import { asRole, findUserById, findUserForLogin, updateUser } from "./storage";
import { burnPasswordCheck, hashPassword, isBelowCost, PASSWORD_COST, verifyPassword, type ScryptCost } from "./passwords";

export interface SessionUser {
  id: number;
  email: string;
  role: Role;
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

/**
 * `cost` is what a password is hashed with: a login that proves the password to a hash of a lower
 * cost (made before the cost was raised) stores a new hash at this cost.
 */
export function createPassport(db: Db, cost: ScryptCost = PASSWORD_COST): PassportInstance {
  const passport = new Passport();
  passport.use(
    new LocalStrategy({ usernameField: "email", passwordField: "password", session: true }, (email, password, done) => {
      (async () => {
        const user = await findUserForLogin(db, email);
        const ok = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password, cost);
        if (!ok || !user) return false;
        if (isBelowCost(user.passwordHash, cost)) await updateUser(db, user.id, { passwordHash: await hashPassword(password, cost) });
        return { id: user.id, email: user.email, role: asRole(user.role) };
      })().then(
        (user) => done(null, user),
        (err: unknown) => done(err),
      );
    }),
  );
  passport.serializeUser<number>((user, done) => done(null, (user as SessionUser).id));
  // Read on every request: a person removed (or whose role changed) is refused at once; a
  // session of a person who no longer exists is no session (401), and Passport forgets it.
  passport.deserializeUser<number>((id, done) => {
    findUserById(db, id).then(
      (user) => done(null, user ?? false),
      (err: unknown) => done(err),
    );
  });
  return passport;
}
