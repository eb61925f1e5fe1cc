import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { chunk } from "es-toolkit/array";
import { episodes, feedSync } from "../../../shared/schema";
import { idIn, type Db, type Executor } from "../../platform/db/client";
import type { EpisodeValues } from "../episodes";
import type { FeedNote } from "./notes";

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

/**
 * What a sync needs of every episode to find each item's own and to place new ones: its identity
 * and its place, not its text. A back catalogue of thousands carries megabytes of show notes;
 * reading them all on every sync held the event loop for tens of milliseconds.
 */
export function listEpisodesForSync(tx: Executor) {
  return tx
    .select({
      id: episodes.id,
      slug: episodes.slug,
      guid: episodes.guid,
      enclosureKey: episodes.enclosureKey,
      title: episodes.title,
      publishedAt: episodes.publishedAt,
      sortOrder: episodes.sortOrder,
      feedHash: episodes.feedHash,
    })
    .from(episodes)
    .orderBy(asc(episodes.id));
}
export type SyncedEpisode = Awaited<ReturnType<typeof listEpisodesForSync>>[number];

const FEED_FIELDS = {
  id: episodes.id,
  source: episodes.source,
  editedFields: episodes.editedFields,
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
  discussionUrl: episodes.discussionUrl,
};
/** The fields a feed fills, as stored, and what decides which of them it may change: what an item read anew is compared with. */
export type StoredFeedFields = Omit<Awaited<ReturnType<typeof readFeedFields>>[number], "id">;

async function readFeedFields(tx: Executor, ids: number[]) {
  return tx.select(FEED_FIELDS).from(episodes).where(idIn(episodes.id, ids));
}

/**
 * The stored feed fields of the episodes whose items changed, by id: 500 rows a statement, so no
 * one answer (show notes, transcripts' text arrays) is megabytes to turn into objects at once.
 */
export async function listFeedFields(tx: Executor, ids: number[]): Promise<Map<number, StoredFeedFields>> {
  const fields = new Map<number, StoredFeedFields>();
  for (const part of chunk(ids, 500)) for (const row of await readFeedFields(tx, part)) fields.set(row.id, row);
  return fields;
}

/**
 * Marks the episodes a sync of `url` carried as that feed's (only those not already so). The ids
 * go as one array parameter: thousands of separate ones took the query builder a long task.
 */
export async function markFeedUrl(tx: Executor, ids: number[], url: string): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(episodes)
    .set({ feedUrl: url })
    .where(and(idIn(episodes.id, ids), sql`${episodes.feedUrl} IS DISTINCT FROM ${url}`));
}

/** Feed episodes that no sync of `url` has carried: a previous feed's (another show's, after the address changed). */
export async function otherFeedEpisodeIds(db: Executor, url: string): Promise<number[]> {
  const rows = await db
    .select({ id: episodes.id })
    .from(episodes)
    .where(and(eq(episodes.source, "feed"), sql`${episodes.feedUrl} IS DISTINCT FROM ${url}`));
  return rows.map((r) => r.id);
}

/** What every imported episode's item hashed to when last read: such an item is not read again. */
export async function listFeedHashes(db: Executor): Promise<string[]> {
  const rows = await db.select({ hash: episodes.feedHash }).from(episodes).where(isNotNull(episodes.feedHash));
  return rows.map((r) => r.hash!);
}

const INSERT_ROWS = 10;

/**
 * Many new episodes in few statements (a first import brings thousands), 10 rows each: the query
 * builder takes the event loop 4-5 ms for 10 rows of 25 fields and 18-22 ms for 50, for about the
 * same time in all, so small statements let visitors' requests in between.
 */
export async function insertEpisodes(tx: Executor, rows: EpisodeValues[]): Promise<{ id: number; slug: string }[]> {
  const inserted: { id: number; slug: string }[] = [];
  for (const part of chunk(rows, INSERT_ROWS))
    inserted.push(
      ...(await tx
        .insert(episodes)
        .values(part)
        .returning({ id: episodes.id, slug: sql<string>`${episodes.slug}` })),
    );
  return inserted;
}

/**
 * Adds what a background fetch gave up on to the last sync's result (its `skipped`), so the owner
 * reads it where the sync's other news is: a chapters file that is too big or broken, a picture
 * that is not one. At most `MAX_LATER_NOTES` in all.
 */
export async function noteSkipped(db: Executor, notes: FeedNote[]): Promise<void> {
  if (notes.length === 0) return;
  await ensureRow(db);
  await db
    .update(feedSync)
    .set({
      lastResult: sql`CASE WHEN ${feedSync.lastResult} IS NULL THEN NULL ELSE jsonb_set(${feedSync.lastResult}, '{skipped}',
        (SELECT coalesce(jsonb_agg(x), '[]'::jsonb) FROM (
          SELECT x FROM jsonb_array_elements(coalesce(${feedSync.lastResult}->'skipped', '[]'::jsonb) || ${JSON.stringify(notes)}::jsonb) x
          LIMIT ${MAX_LATER_NOTES}) s)) END`,
    })
    .where(eq(feedSync.id, ROW));
}
const MAX_LATER_NOTES = 500;

/** Moves every episode down the list by `by`, their order among themselves kept. */
export async function shiftSortOrders(tx: Executor, by: number): Promise<void> {
  if (by > 0) await tx.update(episodes).set({ sortOrder: sql`${episodes.sortOrder} + ${by}` });
}

/** The files an episode names besides its audio, each fetched and kept here in the background. */
export type ExtraKind = "transcript" | "chapters" | "image";

const EXTRA_COLUMNS = {
  transcript: {
    url: episodes.transcriptUrl,
    source: episodes.transcriptSourceUrl,
    failures: episodes.transcriptFailures,
    retryAt: episodes.transcriptRetryAt,
  },
  chapters: {
    url: episodes.chaptersUrl,
    source: episodes.chaptersSourceUrl,
    failures: episodes.chaptersFailures,
    retryAt: episodes.chaptersRetryAt,
  },
  image: { url: episodes.imageUrl, source: episodes.imageSourceUrl, failures: episodes.imageFailures, retryAt: episodes.imageRetryAt },
} as const;

/** The file is named and not yet kept from that address (an artwork address may also be an upload's path). */
const wanted = (kind: ExtraKind) => {
  const c = EXTRA_COLUMNS[kind];
  const named = kind === "image" ? sql`${c.url} ~ '^https?://'` : sql`${c.url} IS NOT NULL`;
  return sql`(${named} AND ${c.source} IS DISTINCT FROM ${c.url})`;
};

export interface ClaimedExtra {
  id: number;
  url: string;
  /** The episode's title, for what the owner is told when its file is given up on. */
  title: string;
  /** The transcript's declared type (transcripts only). */
  type: string | null;
  failures: number;
}

/**
 * Takes up to `limit` files of a kind that are due (never tried, or their wait is over): new
 * ones first, then those that have waited longest, so no file holds back the others. Each is
 * leased for `leaseMinutes` (another instance skips it; if this one dies, it is due again then).
 */
export async function claimDueLinkedFiles(db: Executor, kind: ExtraKind, limit: number, leaseMinutes = 10): Promise<ClaimedExtra[]> {
  const c = EXTRA_COLUMNS[kind];
  const type = kind === "transcript" ? sql`${episodes.transcriptType}` : sql`NULL::text`;
  const result = await db.execute(sql`
    UPDATE ${episodes} SET ${sql.identifier(retryColumn(kind))} = now() + make_interval(mins => ${leaseMinutes})
    WHERE ${episodes.id} IN (
      SELECT ${episodes.id} FROM ${episodes}
      WHERE ${wanted(kind)} AND (${c.retryAt} IS NULL OR ${c.retryAt} <= now())
      ORDER BY ${c.retryAt} ASC NULLS FIRST, ${episodes.id} ASC
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING ${episodes.id} AS id, ${c.url} AS url, ${episodes.title} AS title, ${type} AS type, ${c.failures} AS failures`);
  return result.rows as unknown as ClaimedExtra[];
}

const retryColumn = (kind: ExtraKind) =>
  ({ transcript: "transcript_retry_at", chapters: "chapters_retry_at", image: "image_retry_at" })[kind];

/** What a fetch of an episode's file ended in. `kept`: its stored form; `failed`: try again at `retryAt`. */
export type ExtraOutcome =
  | { kind: "transcript"; transcript: unknown[] | null; text: string }
  | { kind: "chapters"; chapters: unknown[] | null }
  | { kind: "image"; imagePath: string | null }
  | { kind: ExtraKind; failed: true; failures: number; retryAt: Date };

/**
 * Keeps what a fetch of `url` gave, only if the episode still names that address (the feed may
 * have changed it meanwhile: then the new one is fetched next).
 */
export async function recordExtra(db: Executor, id: number, url: string, outcome: ExtraOutcome): Promise<void> {
  const c = EXTRA_COLUMNS[outcome.kind];
  let values: Partial<EpisodeValues>;
  if ("failed" in outcome) {
    values = { [`${outcome.kind}Failures`]: outcome.failures, [`${outcome.kind}RetryAt`]: outcome.retryAt };
  } else {
    const done = { [`${outcome.kind}Failures`]: 0, [`${outcome.kind}RetryAt`]: null };
    if (outcome.kind === "transcript")
      values = { transcript: outcome.transcript, transcriptText: outcome.text, transcriptSourceUrl: url, ...done };
    else if (outcome.kind === "chapters") values = { chapters: outcome.chapters, chaptersSourceUrl: url, ...done };
    else values = { imagePath: outcome.imagePath, imageSourceUrl: url, ...done };
  }
  await db
    .update(episodes)
    .set(values)
    .where(and(eq(episodes.id, id), eq(c.url, url)));
}

/** A copy of an artwork address another episode already keeps (most items share the show's image). */
export async function keptImageFor(db: Executor, url: string): Promise<string | null> {
  const rows = await db
    .select({ path: episodes.imagePath })
    .from(episodes)
    .where(and(eq(episodes.imageSourceUrl, url), isNotNull(episodes.imagePath)))
    .limit(1);
  return rows[0]?.path ?? null;
}

/** How many files wait to be fetched, by kind; how many of them have failed before; the next retry. */
export async function countPendingLinkedFiles(db: Executor) {
  const failing = (kind: ExtraKind) => sql`(${wanted(kind)} AND ${EXTRA_COLUMNS[kind].failures} > 0)`;
  const [row] = await db
    .select({
      transcripts: sql<number>`count(*) FILTER (WHERE ${wanted("transcript")})::int`,
      chapters: sql<number>`count(*) FILTER (WHERE ${wanted("chapters")})::int`,
      artwork: sql<number>`count(*) FILTER (WHERE ${wanted("image")})::int`,
      failing: sql<number>`count(*) FILTER (WHERE ${failing("transcript")} OR ${failing("chapters")} OR ${failing("image")})::int`,
    })
    .from(episodes);
  return row!;
}
