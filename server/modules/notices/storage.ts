import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { notices } from "../../../shared/schema";
import type { Db, Executor } from "../../platform/db/client";
import type { Notice } from "./texts";

/** Queues a notice; the same hand-in or message is queued once. */
export async function insertNotice(db: Executor, notice: Notice): Promise<void> {
  await db
    .insert(notices)
    .values({ kind: notice.kind, itemId: notice.id, summary: notice.summary })
    .onConflictDoNothing({ target: [notices.kind, notices.itemId] });
}

export interface PendingNotice extends Notice {
  rowId: number;
  attempts: number;
}

/**
 * The oldest pending notices, locked until the transaction ends; rows another instance is
 * sending are skipped, so two instances never send the same notice.
 */
export async function claimPending(tx: Executor, limit: number): Promise<PendingNotice[]> {
  const rows = await tx
    .select({ rowId: notices.id, kind: notices.kind, id: notices.itemId, summary: notices.summary, attempts: notices.attempts })
    .from(notices)
    .where(eq(notices.state, "pending"))
    .orderBy(asc(notices.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return rows;
}

export async function markSent(tx: Executor, rowIds: readonly number[], at: Date): Promise<void> {
  if (rowIds.length === 0) return;
  await tx
    .update(notices)
    .set({ state: "sent", sentAt: at })
    .where(inArray(notices.id, [...rowIds]));
}

/** Counts a failed send; a notice that has failed `maxAttempts` times is given up (`failed`). Answers how many were given up. */
export async function markAttemptFailed(tx: Executor, rowIds: readonly number[], maxAttempts: number): Promise<number> {
  if (rowIds.length === 0) return 0;
  const rows = await tx
    .update(notices)
    .set({
      attempts: sql`${notices.attempts} + 1`,
      state: sql`CASE WHEN ${notices.attempts} + 1 >= ${maxAttempts} THEN 'failed' ELSE 'pending' END`,
    })
    .where(inArray(notices.id, [...rowIds]))
    .returning({ state: notices.state });
  return rows.filter((r) => r.state === "failed").length;
}

/** Forgets notices sent or given up before `before`. */
export async function pruneNotices(db: Db, before: Date): Promise<void> {
  await db.delete(notices).where(and(inArray(notices.state, ["sent", "failed"]), lt(notices.createdAt, before)));
}
