import { asc, eq, sql } from "drizzle-orm";
import { episodes, feedSync } from "../../shared/schema";
import type { Db, Executor } from "../db/client";
import type { EpisodeValues } from "./episodes";

/** The feed sync's one row of state (see shared/schema.ts). */
export type FeedSyncState = typeof feedSync.$inferSelect;
export type FeedSyncUpdate = Partial<Omit<FeedSyncState, "id">>;

const ROW = 1;

async function ensureRow(db: Executor): Promise<void> {
  await db.insert(feedSync).values({ id: ROW }).onConflictDoNothing();
}

export async function readFeedSync(db: Executor): Promise<FeedSyncState> {
  await ensureRow(db);
  const [row] = await db.select().from(feedSync).where(eq(feedSync.id, ROW));
  return row!;
}

export async function writeFeedSync(db: Executor, values: FeedSyncUpdate): Promise<void> {
  await ensureRow(db);
  await db.update(feedSync).set(values).where(eq(feedSync.id, ROW));
}

/**
 * Claims this period's scheduled sync for the caller: one UPDATE that succeeds for exactly one
 * instance per period, however many ask at once (the row's lock serialises them, and the
 * condition is false for every one after the first). A manual sync moves the period on too.
 */
export async function claimScheduledSync(db: Db, periodMinutes: number): Promise<boolean> {
  await ensureRow(db);
  const rows = await db
    .update(feedSync)
    .set({ lastAttemptAt: sql`now()` })
    .where(
      sql`${feedSync.id} = ${ROW} AND (${feedSync.lastAttemptAt} IS NULL OR ${feedSync.lastAttemptAt} <= now() - make_interval(mins => ${periodMinutes}))`,
    )
    .returning({ id: feedSync.id });
  return rows.length === 1;
}

/** One import at a time, across instances, until the transaction ends. */
export async function lockFeedImport(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('podcast-site:feed-import'))`);
}

/** What a sync compares of every episode: its identity, its place, and the fields a feed fills. */
export function listEpisodesForSync(tx: Executor) {
  return tx
    .select({
      id: episodes.id,
      slug: episodes.slug,
      source: episodes.source,
      guid: episodes.guid,
      enclosureKey: episodes.enclosureKey,
      title: episodes.title,
      description: episodes.description,
      showNotes: episodes.showNotes,
      audioUrl: episodes.audioUrl,
      audioType: episodes.audioType,
      audioLength: episodes.audioLength,
      durationSeconds: episodes.durationSeconds,
      publishedAt: episodes.publishedAt,
      imageUrl: episodes.imageUrl,
      seasonNumber: episodes.seasonNumber,
      episodeNumber: episodes.episodeNumber,
      episodeType: episodes.episodeType,
      link: episodes.link,
      transcriptUrl: episodes.transcriptUrl,
      transcriptType: episodes.transcriptType,
      chaptersUrl: episodes.chaptersUrl,
      sortOrder: episodes.sortOrder,
      editedFields: episodes.editedFields,
      feedHash: episodes.feedHash,
    })
    .from(episodes)
    .orderBy(asc(episodes.id));
}
export type SyncedEpisode = Awaited<ReturnType<typeof listEpisodesForSync>>[number];

/** Many new episodes in few statements (a first import brings hundreds). */
export async function insertEpisodes(tx: Executor, rows: EpisodeValues[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await tx.insert(episodes).values(rows.slice(i, i + 200));
}

/** Moves every episode down the list by `by`, their order among themselves kept. */
export async function shiftSortOrders(tx: Executor, by: number): Promise<void> {
  if (by > 0) await tx.update(episodes).set({ sortOrder: sql`${episodes.sortOrder} + ${by}` });
}

/** Episodes whose transcript or chapters address is not the one their stored copy came from. */
export function episodesMissingExtras(db: Executor, limit: number) {
  return db
    .select({
      id: episodes.id,
      transcriptUrl: episodes.transcriptUrl,
      transcriptType: episodes.transcriptType,
      transcriptSourceUrl: episodes.transcriptSourceUrl,
      chaptersUrl: episodes.chaptersUrl,
      chaptersSourceUrl: episodes.chaptersSourceUrl,
    })
    .from(episodes)
    .where(
      sql`(${episodes.transcriptUrl} IS NOT NULL AND ${episodes.transcriptSourceUrl} IS DISTINCT FROM ${episodes.transcriptUrl})
        OR (${episodes.chaptersUrl} IS NOT NULL AND ${episodes.chaptersSourceUrl} IS DISTINCT FROM ${episodes.chaptersUrl})`,
    )
    .orderBy(asc(episodes.id))
    .limit(limit);
}

/** Episodes whose artwork is on another host and not yet kept here (or kept from another address). */
export function episodesMissingArtwork(db: Executor, limit: number) {
  return db
    .select({ id: episodes.id, imageUrl: episodes.imageUrl })
    .from(episodes)
    .where(sql`${episodes.imageUrl} ~ '^https?://' AND ${episodes.imageSourceUrl} IS DISTINCT FROM ${episodes.imageUrl}`)
    .orderBy(asc(episodes.id))
    .limit(limit);
}
