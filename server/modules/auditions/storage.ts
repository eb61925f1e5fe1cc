import { and, desc, eq, gte, inArray, isNotNull, lt, lte, ne, or, gt, sql } from "drizzle-orm";
import { auditions, editorAccessLog } from "../../../shared/schema";
import type { AuditionStatus } from "../../../shared/auditions";
import type { Db, Executor } from "../../platform/db/client";

export type AuditionRow = typeof auditions.$inferSelect;
export type NewAuditionRow = typeof auditions.$inferInsert;

/** The times that decide whether an upload still holds its place: its day, and its last part. */
export interface Horizon {
  now: Date;
  /** Uploads whose last part is older than this are idle: they hold nothing (docs/product.md "No one can block or spoil the hand-in"). */
  idleBefore: Date;
}

/** Uploads under way that hold their place: being completed, or within their day and not idle. */
const underway = (h: Horizon) =>
  or(
    eq(auditions.uploadState, "completing"),
    and(eq(auditions.uploadState, "uploading"), gt(auditions.expiresAt, h.now), gte(auditions.lastPartAt, h.idleBefore)),
  );

/**
 * Runs `work` in a transaction that holds the hand-ins' lock, so two hand-ins started or finished
 * at once cannot both pass the per-code, per-network and quota limits.
 */
export function withHandInLock<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('audition-hand-ins'))`);
    return work(tx);
  });
}

/** A code's hand-ins that count towards its limit: finished ones, and one being completed; `except`: one not to count. */
export async function countHandedIn(db: Executor, code: string, except?: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditions)
    .where(
      and(
        eq(auditions.code, code),
        inArray(auditions.uploadState, ["complete", "completing"]),
        except ? ne(auditions.id, except) : undefined,
      ),
    );
  return row!.n;
}

/** Uploads a network has under way, leaving out the one under `exceptCode` (a new start under it replaces that one). */
export async function countUnderwayFrom(db: Executor, network: string, exceptCode: string, h: Horizon) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditions)
    .where(and(eq(auditions.network, network), ne(auditions.code, exceptCode), underway(h)));
  return row!.n;
}

/**
 * A code's uploads still uploading, which a new start replaces unless one is active from another
 * network (one being completed is left to finish).
 */
export function listReplaceable(db: Executor, code: string) {
  return db
    .select({
      id: auditions.id,
      uploadId: auditions.uploadId,
      network: auditions.network,
      createdAt: auditions.createdAt,
      lastPartAt: auditions.lastPartAt,
      receivedBytes: auditions.receivedBytes,
    })
    .from(auditions)
    .where(and(eq(auditions.code, code), eq(auditions.uploadState, "uploading")));
}

/** Whether a code has an upload being completed just now. */
export async function isCompleting(db: Executor, code: string) {
  const rows = await db
    .select({ id: auditions.id })
    .from(auditions)
    .where(and(eq(auditions.code, code), eq(auditions.uploadState, "completing")))
    .limit(1);
  return rows.length > 0;
}

/** Bytes the finished hand-ins take and the uploads under way have reserved; `except`: one not to count. */
export async function usedBytes(db: Executor, h: Horizon, except?: string) {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${auditions.size}), 0)::text` })
    .from(auditions)
    .where(and(or(eq(auditions.uploadState, "complete"), underway(h)), except ? ne(auditions.id, except) : undefined));
  return Number(row!.n);
}

export async function insertAudition(db: Executor, row: NewAuditionRow) {
  await db.insert(auditions).values(row);
}

export async function findAudition(db: Executor, id: string): Promise<AuditionRow | undefined> {
  const [row] = await db.select().from(auditions).where(eq(auditions.id, id));
  return row;
}

/** Bytes of a part are arriving: the upload is busy, if it is still taking parts. Answers whether it is. */
export async function touchUpload(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(auditions)
    .set({ lastPartAt: now })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "uploading"), gt(auditions.expiresAt, now)))
    .returning({ id: auditions.id });
  return rows.length === 1;
}

/** Records a part the server took; false when the upload no longer takes parts. */
export async function recordPart(db: Db, id: string, partNumber: number, etag: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(auditions)
    .set({ parts: sql`${auditions.parts} || jsonb_build_object(${String(partNumber)}::text, ${etag}::text)`, lastPartAt: now })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "uploading"), gt(auditions.expiresAt, now)))
    .returning({ id: auditions.id });
  return rows.length === 1;
}

/** The bucket holds more of an upload than last seen: it is not idle. */
export async function noteProgress(db: Db, id: string, bytes: number, now: Date) {
  await db
    .update(auditions)
    .set({ receivedBytes: bytes, lastPartAt: now })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "uploading"), lt(auditions.receivedBytes, bytes)));
}

/** From here on no part is taken: answers whether this call is the one that began completing. */
export async function beginCompleting(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(auditions)
    .set({ uploadState: "completing", completingAt: now })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "uploading"), gt(auditions.expiresAt, now)))
    .returning({ id: auditions.id });
  return rows.length === 1;
}

/** Completing failed in a way the candidate can mend (parts missing): parts are taken again. */
export async function resumeUploading(db: Db, id: string, now: Date) {
  await db
    .update(auditions)
    .set({ uploadState: "uploading", completingAt: null, lastPartAt: now })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "completing")));
}

export async function markComplete(db: Executor, id: string, values: { contentType: string; durationSeconds: number | null }) {
  const rows = await db
    .update(auditions)
    // The network is needed only while uploading: a hand-in keeps no address (docs/product.md "No one can block or spoil the hand-in").
    .set({ ...values, uploadState: "complete", completedAt: sql`now()`, network: null })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "completing")))
    .returning({ id: auditions.id });
  return rows.length === 1;
}

/** Hand-ins completed before their address was cleared on completion keep none either. */
export async function forgetNetworks(db: Db) {
  await db
    .update(auditions)
    .set({ network: null })
    .where(and(eq(auditions.uploadState, "complete"), isNotNull(auditions.network)));
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

/** The owner's list of uploads under way (idle ones left out), newest first. */
export function listUnderway(db: Db, h: Horizon) {
  return db
    .select({
      id: auditions.id,
      code: auditions.code,
      name: auditions.name,
      fileName: auditions.fileName,
      size: auditions.size,
      partSize: auditions.partSize,
      parts: auditions.parts,
      receivedBytes: auditions.receivedBytes,
      createdAt: auditions.createdAt,
      lastPartAt: auditions.lastPartAt,
    })
    .from(auditions)
    .where(underway(h))
    .orderBy(desc(auditions.createdAt), desc(auditions.id));
}

export async function setAuditionStatus(db: Db, id: string, status: AuditionStatus): Promise<boolean> {
  const rows = await db
    .update(auditions)
    .set({ status })
    .where(and(eq(auditions.id, id), eq(auditions.uploadState, "complete")))
    .returning({ id: auditions.id });
  return rows.length === 1;
}

/** Removes a record; `uploadingOnly`: only while it still takes parts, `underwayOnly`: only when not finished. */
export async function deleteAudition(db: Executor, id: string, options: { uploadingOnly?: boolean; underwayOnly?: boolean } = {}) {
  const only = options.uploadingOnly
    ? eq(auditions.uploadState, "uploading")
    : options.underwayOnly
      ? ne(auditions.uploadState, "complete")
      : undefined;
  const [row] = await db
    .delete(auditions)
    .where(and(eq(auditions.id, id), only))
    .returning({ id: auditions.id, uploadId: auditions.uploadId, uploadState: auditions.uploadState });
  return row;
}

/**
 * Uploads that may no longer hold their place: past their day, idle, or a completion that never
 * ended (`staleCompleting`: begun before this, so its process is gone).
 */
export function listStaleUploads(db: Db, h: Horizon, staleCompleting: Date) {
  return db
    .select({
      id: auditions.id,
      uploadId: auditions.uploadId,
      receivedBytes: auditions.receivedBytes,
      uploadState: auditions.uploadState,
      expiresAt: auditions.expiresAt,
    })
    .from(auditions)
    .where(
      or(
        and(eq(auditions.uploadState, "uploading"), or(lte(auditions.expiresAt, h.now), lt(auditions.lastPartAt, h.idleBefore))),
        and(eq(auditions.uploadState, "completing"), lt(auditions.completingAt, staleCompleting)),
      ),
    );
}

/** Deletes a stale upload, if it is still stale (a part may have arrived meanwhile). */
export async function deleteIfStale(db: Db, id: string, h: Horizon, staleCompleting: Date): Promise<boolean> {
  const rows = await db
    .delete(auditions)
    .where(
      and(
        eq(auditions.id, id),
        or(
          and(eq(auditions.uploadState, "uploading"), or(lte(auditions.expiresAt, h.now), lt(auditions.lastPartAt, h.idleBefore))),
          and(eq(auditions.uploadState, "completing"), lt(auditions.completingAt, staleCompleting)),
        ),
      ),
    )
    .returning({ id: auditions.id });
  return rows.length === 1;
}

// The editors page's access log.

export async function insertAccessLog(db: Db, entry: { success: boolean; code: string | null; userAgent: string }) {
  await db.insert(editorAccessLog).values(entry);
}

export function listAccessLog(db: Db, limit = 500) {
  return db
    .select({
      id: editorAccessLog.id,
      success: editorAccessLog.success,
      code: editorAccessLog.code,
      userAgent: editorAccessLog.userAgent,
      createdAt: editorAccessLog.createdAt,
    })
    .from(editorAccessLog)
    .orderBy(desc(editorAccessLog.createdAt), desc(editorAccessLog.id))
    .limit(limit);
}
