import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { episodes } from "../../shared/schema";
import { MATCH_END, MATCH_START } from "../../shared/archive";
import type { Executor } from "../db/client";

/** What a response shows of an episode; the admin's answer adds `editedFields`. */
const episodeColumns = {
  id: episodes.id,
  slug: episodes.slug,
  title: episodes.title,
  description: episodes.description,
  spotifyEmbedUrl: episodes.spotifyEmbedUrl,
  audioUrl: episodes.audioUrl,
  audioType: episodes.audioType,
  durationSeconds: episodes.durationSeconds,
  publishedAt: episodes.publishedAt,
  imageUrl: episodes.imageUrl,
  imagePath: episodes.imagePath,
  source: episodes.source,
  guid: episodes.guid,
  seasonNumber: episodes.seasonNumber,
  episodeNumber: episodes.episodeNumber,
  episodeType: episodes.episodeType,
  link: episodes.link,
  transcriptUrl: episodes.transcriptUrl,
  chaptersUrl: episodes.chaptersUrl,
  isPublished: episodes.isPublished,
  sortOrder: episodes.sortOrder,
  createdAt: episodes.createdAt,
  updatedAt: episodes.updatedAt,
  version: episodes.version,
  editedFields: episodes.editedFields,
};
/** One episode whole: its notes, transcript and chapters, which lists leave out. */
const withNotes = { ...episodeColumns, showNotes: episodes.showNotes, transcript: episodes.transcript, chapters: episodes.chapters };

export type EpisodeRow = NonNullable<Awaited<ReturnType<typeof findEpisode>>>;
export type EpisodeValues = typeof episodes.$inferInsert;

/** Ordered by sortOrder, then id, so equal orders still list the same way every time. The notes stay out (see findEpisode). */
export function listEpisodes(db: Executor, options: { includeDrafts: boolean }) {
  const q = db.select(episodeColumns).from(episodes);
  return (options.includeDrafts ? q : q.where(eq(episodes.isPublished, true))).orderBy(asc(episodes.sortOrder), asc(episodes.id));
}

/** The first published episodes in the admin's order, and how many are published in all. */
export async function listLatestPublished(db: Executor, limit: number) {
  const [rows, [count]] = await Promise.all([
    db.select(episodeColumns).from(episodes).where(eq(episodes.isPublished, true)).orderBy(asc(episodes.sortOrder), asc(episodes.id)).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(episodes).where(eq(episodes.isPublished, true)),
  ]);
  return { rows, total: count!.n };
}

/** One episode with its show notes. */
export async function findEpisode(db: Executor, id: number) {
  const rows = await db.select(withNotes).from(episodes).where(eq(episodes.id, id)).limit(1);
  return rows[0] ?? null;
}

/** One episode whole, its row locked until the transaction ends (a sync's writes wait, and it waits for theirs). */
export async function findEpisodeForUpdate(tx: Executor, id: number) {
  const rows = await tx.select(withNotes).from(episodes).where(eq(episodes.id, id)).limit(1).for("update");
  return rows[0] ?? null;
}

export async function findEpisodeBySlug(db: Executor, slug: string, options: { includeDrafts: boolean }) {
  const where = options.includeDrafts ? eq(episodes.slug, slug) : and(eq(episodes.slug, slug), eq(episodes.isPublished, true));
  const rows = await db.select(withNotes).from(episodes).where(where).limit(1);
  return rows[0] ?? null;
}

export async function insertEpisode(db: Executor, values: EpisodeValues) {
  const [row] = await db.insert(episodes).values(values).returning({ id: episodes.id });
  return row!.id;
}

/**
 * `newVersion`: the change is one of what the admin's form shows, so a save naming the version
 * before it is refused (a transcript arriving in the background is not).
 */
export async function updateEpisode(db: Executor, id: number, values: Partial<EpisodeValues>, options: { newVersion?: boolean } = {}) {
  const rows = await db
    .update(episodes)
    .set({ ...values, updatedAt: sql`now()`, ...(options.newVersion ? { version: sql`${episodes.version} + 1` } : {}) })
    .where(eq(episodes.id, id))
    .returning({ id: episodes.id });
  return rows.length > 0;
}

export async function deleteEpisode(db: Executor, id: number) {
  const rows = await db.delete(episodes).where(eq(episodes.id, id)).returning({ id: episodes.id });
  return rows.length > 0;
}

/** Episodes from before slugs existed (or restored from such a backup). */
export function episodesWithoutSlug(db: Executor) {
  return db.select({ id: episodes.id, title: episodes.title }).from(episodes).where(isNull(episodes.slug)).orderBy(asc(episodes.id));
}

const HEADLINE = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, HighlightAll=true`;
const SNIPPET = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * One page of the published episodes, newest first (by their date, else when they were added);
 * with a query, only those matching it (PostgreSQL full-text search over the generated
 * search_vector, its GIN index), best first, with the matched words marked in the title and a
 * snippet of the description or transcript.
 */
export async function listArchivePage(db: Executor, options: { offset: number; limit: number; query: string }) {
  const newest = sql`coalesce(${episodes.publishedAt}, ${episodes.createdAt}) DESC, ${episodes.id} DESC`;
  if (!options.query) {
    const [rows, [count]] = await Promise.all([
      db.select(episodeColumns).from(episodes).where(eq(episodes.isPublished, true)).orderBy(newest).limit(options.limit).offset(options.offset),
      db.select({ n: sql<number>`count(*)::int` }).from(episodes).where(eq(episodes.isPublished, true)),
    ]);
    return { rows: rows.map((row) => ({ ...row, match: null })), total: count!.n };
  }
  const query = sql`websearch_to_tsquery('english', ${options.query})`;
  const where = and(eq(episodes.isPublished, true), sql`${episodes.searchVector} @@ ${query}`);
  // A search has less time than other reads (SEARCH_TIMEOUT), and its snippet is made from the
  // start of the words only: headlining a whole long transcript costs more than the search.
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${SEARCH_TIMEOUT_MS}`));
    const rows = await tx
      .select({
        ...episodeColumns,
        match: sql<{ title: string; snippet: string }>`json_build_object(
          'title', ts_headline('english', ${episodes.title}, ${query}, ${HEADLINE}),
          'snippet', ts_headline('english', left(${episodes.description} || ' ' || ${episodes.transcriptText}, ${SNIPPET_SOURCE_CHARS}), ${query}, ${SNIPPET}))`,
      })
      .from(episodes)
      .where(where)
      .orderBy(sql`ts_rank_cd(${episodes.searchVector}, ${query}) DESC`, sql`${newest}`)
      .limit(options.limit)
      .offset(options.offset);
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(episodes).where(where);
    return { rows, total: count!.n };
  });
}

/** How long a search may run: less than other reads, so a costly one gives way quickly. */
const SEARCH_TIMEOUT_MS = 2_000;
/** How much of an episode's words its search snippet is made from. */
const SNIPPET_SOURCE_CHARS = 20_000;
