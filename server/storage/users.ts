import { asc, eq, sql } from "drizzle-orm";
import { sessions, users } from "../../shared/schema";
import type { Db } from "../db/client";

/** The password hash stays inside storage/ and the auth code that checks it (STYLE.md rule 4). */
export async function findUserForLogin(db: Db, email: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: number) {
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findAdmin(db: Db) {
  const rows = await db.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.id)).limit(1);
  return rows[0] ?? null;
}

export async function insertUser(db: Db, email: string, passwordHash: string) {
  await db.insert(users).values({ email, passwordHash });
}

export async function updateUser(db: Db, id: number, values: { email?: string; passwordHash?: string }) {
  await db.update(users).set({ ...values, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** Ends every session of a user (Passport keeps the user's id in the session's JSON). */
export async function deleteSessionsOfUser(db: Db, id: number) {
  await db.delete(sessions).where(sql`${sessions.sess}->'passport'->>'user' = ${String(id)}`);
}
