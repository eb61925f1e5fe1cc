import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { invitations, users } from "../../../shared/schema";
import { oneRow, type Executor } from "../../platform/db/client";

/** The people with access, first come first. */
export function listUsers(db: Executor) {
  return db.select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt }).from(users).orderBy(asc(users.id));
}

export async function findUser(db: Executor, id: number) {
  return oneRow(db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, id)).limit(1));
}

export async function userExists(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows.length > 0;
}

/** The owners, locked until the transaction ends: two owners removing each other cannot leave none. */
export function lockOwners(tx: Executor) {
  return tx.select({ id: users.id }).from(users).where(eq(users.role, "owner")).for("update");
}

export async function ownerEmails(db: Executor): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, "owner")).orderBy(asc(users.id));
  return rows.map((r) => r.email);
}

export async function insertPerson(tx: Executor, values: { email: string; role: string; passwordHash: string }) {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

/** Removes a person: their language goes with them (cascade), what they edited keeps no name (set null). */
export async function deleteUser(tx: Executor, id: number): Promise<boolean> {
  const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function insertInvitation(
  db: Executor,
  values: { email: string; role: string; tokenHash: string; invitedBy: number | null; expiresAt: Date },
) {
  await db.insert(invitations).values(values);
}

/** The invitations not used and not expired, newest first. */
export function listPendingInvitations(db: Executor) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(and(isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)))
    .orderBy(sql`${invitations.createdAt} DESC`, sql`${invitations.id} DESC`);
}

/** A usable invitation by its token's hash, locked for its one use; none when used, expired or unknown. */
export async function takeInvitation(tx: Executor, tokenHash: string) {
  return oneRow(
    tx
      .select({ id: invitations.id, email: invitations.email, role: invitations.role })
      .from(invitations)
      .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, sql`now()`)))
      .limit(1),
    true,
  );
}

export async function markAccepted(tx: Executor, id: number) {
  await tx
    .update(invitations)
    .set({ acceptedAt: sql`now()` })
    .where(eq(invitations.id, id));
}

/** Revokes a pending invitation (a used one is history, not revocable). */
/** Forgets the pending invitations to `email` (a new one replaces them: only the newest link works). */
export async function deletePendingInvitationsTo(db: Executor, email: string): Promise<void> {
  await db.delete(invitations).where(and(eq(invitations.email, email), isNull(invitations.acceptedAt)));
}

export async function deletePendingInvitation(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .delete(invitations)
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}
