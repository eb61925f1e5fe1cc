import { asc, eq, sql } from "drizzle-orm";
import { sessions, users } from "../../../shared/schema";
import { oneRow, type Db, type Executor } from "../../platform/db/client";
import type { Role } from "../../../shared/access";

/** The password hash stays inside storage/ and the auth code that checks it (docs/style.md rule 4). */
export async function findUserForLogin(db: Executor, email: string) {
  return oneRow(
    db
      .select({ id: users.id, email: users.email, role: users.role, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1),
  );
}

export async function findUserById(db: Db, id: number) {
  const user = await oneRow(db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, id)).limit(1));
  return user && { ...user, role: asRole(user.role) };
}

/** A stored role; anything else (never written) is the least one. */
export const asRole = (role: string): Role => (role === "owner" ? "owner" : "editor");

/** The first owner: the account ADMIN_EMAIL and ADMIN_PASSWORD set up (docs/product.md §6). */
export async function findAdmin(db: Executor) {
  return oneRow(db.select({ id: users.id, email: users.email }).from(users).where(eq(users.role, "owner")).orderBy(asc(users.id)).limit(1));
}

export async function insertUser(db: Executor, email: string, passwordHash: string) {
  await db.insert(users).values({ email, passwordHash });
}

export async function updateUser(db: Executor, id: number, values: { email?: string; passwordHash?: string }) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Ends every session of a user (Passport keeps the user's id in the session's JSON). */
export async function deleteSessionsOfUser(db: Executor, id: number) {
  await db.delete(sessions).where(sql`${sessions.sess}->'passport'->>'user' = ${String(id)}`);
}

const BOOTSTRAP_LOCK = 727_002;

/** Runs the admin account's set-up in one transaction that one instance at a time may enter. */
export function withAdminBootstrapLock<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    return work(tx);
  });
}
