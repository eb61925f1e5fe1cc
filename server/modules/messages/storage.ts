import { and, desc, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { episodes, messageChallenges, messages } from "../../../shared/schema";
import type { MessageStatus } from "../../../shared/messages";
import type { Db, Executor } from "../../platform/db/client";

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;

/** A message as the owner's inbox lists it: the row with its episode's slug and title. */
export type ListedMessageRow = Pick<
  MessageRow,
  "id" | "kind" | "status" | "text" | "name" | "email" | "durationSeconds" | "size" | "createdAt"
> & { episodeSlug: string | null; episodeTitle: string | null };

const listed = {
  id: messages.id,
  kind: messages.kind,
  status: messages.status,
  text: messages.text,
  name: messages.name,
  email: messages.email,
  durationSeconds: messages.durationSeconds,
  size: messages.size,
  createdAt: messages.createdAt,
  episodeSlug: episodes.slug,
  episodeTitle: episodes.title,
};

/**
 * Runs `work` in a transaction holding the lock of one network's day, so two messages sent at once
 * from the same network cannot both pass its daily limit.
 */
export function withNetworkLock<T>(db: Db, networkKey: string, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`messages:${networkKey}`}))`);
    return work(tx);
  });
}

/** Messages a network sent today (its key is the network's and the day's). */
export async function countFromNetwork(db: Executor, networkKey: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.networkKey, networkKey));
  return row?.n ?? 0;
}

/** Marks a challenge used until it expires; false when it was used already. */
export async function useChallenge(db: Executor, challenge: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(messageChallenges)
    .values({ challenge, expiresAt })
    .onConflictDoNothing()
    .returning({ challenge: messageChallenges.challenge });
  return rows.length === 1;
}

export async function insertMessage(db: Executor, row: NewMessageRow): Promise<void> {
  await db.insert(messages).values(row);
}

export async function findMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** An arrived message with its episode, as the inbox lists it. */
export async function findListed(db: Executor, id: string): Promise<ListedMessageRow | undefined> {
  const [row] = await db
    .select(listed)
    .from(messages)
    .leftJoin(episodes, eq(episodes.id, messages.episodeId))
    .where(and(eq(messages.id, id), eq(messages.state, "arrived")));
  return row;
}

/** Arrived messages, newest first. */
export async function listArrived(db: Executor): Promise<ListedMessageRow[]> {
  return db
    .select(listed)
    .from(messages)
    .leftJoin(episodes, eq(episodes.id, messages.episodeId))
    .where(eq(messages.state, "arrived"))
    .orderBy(desc(messages.createdAt), desc(messages.id));
}

export async function countNew(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.state, "arrived"), eq(messages.status, "new")));
  return row?.n ?? 0;
}

/** The bytes the voice messages' files hold: arrived ones, and ones whose bytes are arriving. */
export async function usedBytes(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${messages.size}), 0)` })
    .from(messages)
    .where(inArray(messages.state, ["arrived", "receiving"]));
  return Number(row?.n ?? 0);
}

/**
 * Takes a voice message's upload token: the message goes from waiting to receiving, once, while
 * its hour lasts. Answers the row, or nothing when the token is not (or no longer) good.
 */
export async function claimUpload(db: Executor, id: string, tokenHash: string, now: Date): Promise<MessageRow | undefined> {
  const [row] = await db
    .update(messages)
    .set({ state: "receiving", tokenHash: null })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.kind, "voice"),
        eq(messages.state, "waiting"),
        eq(messages.tokenHash, tokenHash),
        sql`${messages.uploadExpiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning();
  return row;
}

/**
 * Runs `work` in a transaction holding the messages' quota lock, so two recordings arriving at
 * once cannot both take the last of the space.
 */
export function withQuotaLock<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('messages:quota'))`);
    return work(tx);
  });
}

/** Holds `bytes` of the quota for a recording while it arrives (its size until it is checked). */
export async function reserveBytes(db: Executor, id: string, bytes: number): Promise<void> {
  await db
    .update(messages)
    .set({ size: bytes })
    .where(and(eq(messages.id, id), eq(messages.state, "receiving")));
}

/** A voice message whose recording was checked: arrived. */
export async function markArrived(
  db: Executor,
  id: string,
  values: { contentType: string; size: number; durationSeconds: number | null },
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ ...values, state: "arrived", arrivedAt: at })
    .where(and(eq(messages.id, id), eq(messages.state, "receiving")))
    .returning({ id: messages.id });
  return rows.length === 1;
}

/** A voice message whose recording was refused: nothing is kept of it but its place in the network's count, until its hour ends. */
export async function markRefused(db: Executor, id: string): Promise<void> {
  await db.update(messages).set({ state: "refused", size: null }).where(eq(messages.id, id));
}

export async function setMessageStatus(db: Executor, id: string, status: MessageStatus): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ status })
    .where(and(eq(messages.id, id), eq(messages.state, "arrived")))
    .returning({ id: messages.id });
  return rows.length === 1;
}

export async function deleteMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  const [row] = await db.delete(messages).where(eq(messages.id, id)).returning();
  return row;
}

/** How long past its hour a recording still arriving is left to finish before the sweep takes it. */
const RECEIVING_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes, answering them: arrived messages that came before `arrivedBefore` (their keeping time
 * is over), voice messages whose recording never arrived within their hour, and ones whose
 * recording began arriving but never finished (an hour after that).
 */
export async function deleteExpired(db: Executor, arrivedBefore: Date, now: Date): Promise<Pick<MessageRow, "id" | "kind">[]> {
  return db
    .delete(messages)
    .where(
      or(
        and(eq(messages.state, "arrived"), lt(messages.createdAt, arrivedBefore)),
        and(inArray(messages.state, ["waiting", "refused"]), lt(messages.uploadExpiresAt, now)),
        // One still arriving is left its hour more: its recording may be on the way (the PUT began in time).
        and(eq(messages.state, "receiving"), lt(messages.uploadExpiresAt, new Date(now.getTime() - RECEIVING_GRACE_MS))),
      ),
    )
    .returning({ id: messages.id, kind: messages.kind });
}

/** Forgets the networks' keys of messages sent before `before`, and the challenges that have expired. */
export async function forgetOld(db: Executor, before: Date, now: Date): Promise<void> {
  await db
    .update(messages)
    .set({ networkKey: null })
    .where(and(isNotNull(messages.networkKey), lt(messages.createdAt, before)));
  await db.delete(messageChallenges).where(lt(messageChallenges.expiresAt, now));
}
