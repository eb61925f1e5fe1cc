import { and, desc, eq, lt, or, gt, sql } from "drizzle-orm";
import { auditions } from "../../shared/schema";
import type { AuditionStatus } from "../../shared/auditions";
import type { Db, Executor } from "../db/client";

export type AuditionRow = typeof auditions.$inferSelect;
export type NewAuditionRow = typeof auditions.$inferInsert;

/** Hand-ins that count: the finished ones, and uploads under way that have not expired. */
const counts = (now: Date) => or(eq(auditions.uploadState, "complete"), gt(auditions.expiresAt, now));

/**
 * Runs `work` in a transaction that holds the hand-ins' lock, so two hand-ins started or finished
 * at once cannot both pass the per-code limit or the quota.
 */
export function withHandInLock<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('audition-hand-ins'))`);
    return work(tx);
  });
}

/** Hand-ins of one candidate that count against the limit (finished, or under way); `except`: one not to count. */
export async function countForCode(db: Executor, code: string, now: Date, options: { completeOnly?: boolean; except?: string } = {}) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditions)
    .where(
      and(
        eq(auditions.code, code),
        options.completeOnly ? eq(auditions.uploadState, "complete") : counts(now),
        options.except ? sql`${auditions.id} <> ${options.except}` : undefined,
      ),
    );
  return row!.n;
}

/** Bytes the hand-ins take or have reserved; `completeOnly`: the finished files alone. */
export async function usedBytes(db: Executor, now: Date, options: { completeOnly?: boolean } = {}) {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${auditions.size}), 0)::text` })
    .from(auditions)
    .where(options.completeOnly ? eq(auditions.uploadState, "complete") : counts(now));
  return Number(row!.n);
}

export async function insertAudition(db: Executor, row: NewAuditionRow) {
  await db.insert(auditions).values(row);
}

export async function findAudition(db: Executor, id: string): Promise<AuditionRow | undefined> {
  const [row] = await db.select().from(auditions).where(eq(auditions.id, id));
  return row;
}

/** Records a part the server took; false when the upload is no longer under way. */
export async function recordPart(db: Db, id: string, partNumber: number, etag: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(auditions)
    .set({ parts: sql`${auditions.parts} || jsonb_build_object(${String(partNumber)}::text, ${etag}::text)` })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "uploading"), gt(auditions.expiresAt, now)))
    .returning({ id: auditions.id });
  return rows.length === 1;
}

export async function markComplete(db: Executor, id: string, values: { contentType: string; durationSeconds: number | null }) {
  const rows = await db
    .update(auditions)
    .set({ ...values, uploadState: "complete", completedAt: sql`now()` })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "uploading")))
    .returning({ id: auditions.id });
  return rows.length === 1;
}

/** The owner's list: finished hand-ins, newest first. */
export function listCompleteAuditions(db: Db) {
  return db
    .select({
      id: auditions.id,
      code: auditions.code,
      name: auditions.name,
      email: auditions.email,
      notes: auditions.notes,
      fileName: auditions.fileName,
      size: auditions.size,
      contentType: auditions.contentType,
      durationSeconds: auditions.durationSeconds,
      status: auditions.status,
      completedAt: auditions.completedAt,
    })
    .from(auditions)
    .where(eq(auditions.uploadState, "complete"))
    .orderBy(desc(auditions.completedAt), desc(auditions.id));
}

export async function setAuditionStatus(db: Db, id: string, status: AuditionStatus): Promise<boolean> {
  const rows = await db
    .update(auditions)
    .set({ status })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "complete")))
    .returning({ id: auditions.id });
  return rows.length === 1;
}

export async function deleteAudition(db: Db, id: string, options: { uploadingOnly?: boolean } = {}) {
  const [row] = await db
    .delete(auditions)
    .where(and(eq(auditions.id, id), options.uploadingOnly ? eq(auditions.uploadState, "uploading") : undefined))
    .returning({ id: auditions.id, uploadId: auditions.uploadId, uploadState: auditions.uploadState });
  return row;
}

/** Uploads left unfinished past their time. */
export function listExpiredUploads(db: Db, now: Date) {
  return db
    .select({ id: auditions.id, uploadId: auditions.uploadId })
    .from(auditions)
    .where(and(eq(auditions.uploadState, "uploading"), lt(auditions.expiresAt, now)));
}
