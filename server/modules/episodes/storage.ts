import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { chunk } from "es-toolkit/array";
import { clips, deletedFeedEpisodes, episodes, slugHistory, users } from "../../../shared/schema";
import { updatedByActor } from "../auth";
import { MATCH_END, MATCH_START } from "../../../shared/archive";
import { idIn, oneRow, type Executor } from "../../platform/db/client";

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
  discussionUrl: episodes.discussionUrl,
  metaDescription: episodes.metaDescription,
  isPublished: episodes.isPublished,
  sortOrder: episodes.sortOrder,
  createdAt: episodes.createdAt,
  updatedAt: episodes.updatedAt,
  version: episodes.version,
  editedFields: episodes.editedFields,
};
/** Who changed an episode last, by e-mail (the admin's answers only: a visitor never sees who works on the show). */
const adminColumns = {
  ...episodeColumns,
  updatedBy: sql<string | null>`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${episodes.updatedBy})`,
};
/** One episode whole: its notes, transcript and chapters, which lists leave out. */
const withNotes = { ...episodeColumns, showNotes: episodes.showNotes, transcript: episodes.transcript, chapters: episodes.chapters };

export type EpisodeRow = NonNullable<Awaited<ReturnType<typeof findEpisode>>>;
export type EpisodeValues = typeof episodes.$inferInsert;

/** Ordered by sortOrder, then id, so equal orders still list the same way every time. The notes stay out (see findEpisode). */
export function listEpisodes(db: Executor, options: { includeDrafts: boolean }) {
  // A visitor's rows lack updatedBy (undefined, whatever the type says); the mapper shows it to the admin only.
  const q = db.select(options.includeDrafts ? adminColumns : (episodeColumns as typeof adminColumns)).from(episodes);
  return (options.includeDrafts ? q : q.where(eq(episodes.isPublished, true))).orderBy(asc(episodes.sortOrder), asc(episodes.id));
}

/** The first published episodes in the admin's order, and how many are published in all. */
export async function listLatestPublished(db: Executor, limit: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select(episodeColumns)
      .from(episodes)
      .where(eq(episodes.isPublished, true))
      .orderBy(asc(episodes.sortOrder), asc(episodes.id))
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(episodes)
      .where(eq(episodes.isPublished, true)),
  ]);
  return { rows, total: count!.n };
}

/** The newest published trailer (itunes:episodeType trailer), by its date, else when it was added. */
export async function findNewestTrailer(db: Executor) {
  return oneRow(
    db
      .select(episodeColumns)
      .from(episodes)
      .where(and(eq(episodes.isPublished, true), eq(episodes.episodeType, "trailer")))
      .orderBy(sql`coalesce(${episodes.publishedAt}, ${episodes.createdAt}) DESC, ${episodes.id} DESC`)
      .limit(1),
  );
}

/** Published episodes by id, in the order of `ids`. */
export async function listPublishedByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select(episodeColumns)
    .from(episodes)
    .where(and(idIn(episodes.id, ids), eq(episodes.isPublished, true)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is (typeof rows)[number] => r !== undefined);
}

/**
 * One episode whole, with its show notes. `forUpdate`: its row stays locked until the caller's
 * transaction ends (a sync's writes wait, and it waits for theirs).
 */
export async function findEpisode(db: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  return oneRow(db.select(withNotes).from(episodes).where(eq(episodes.id, id)).limit(1), options.forUpdate);
}

export async function findEpisodeBySlug(db: Executor, slug: string, options: { includeDrafts: boolean }) {
  const where = options.includeDrafts ? eq(episodes.slug, slug) : and(eq(episodes.slug, slug), eq(episodes.isPublished, true));
  return oneRow(db.select(withNotes).from(episodes).where(where).limit(1));
}

export async function insertEpisode(db: Executor, values: EpisodeValues) {
  const [row] = await db
    .insert(episodes)
    .values({ ...values, ...updatedByActor() })
    .returning({ id: episodes.id });
  return row!.id;
}

/**
 * `newVersion`: the change is one of what the admin's form shows, so a save naming the version
 * before it is refused (a transcript arriving in the background is not).
 */
export async function updateEpisode(db: Executor, id: number, values: Partial<EpisodeValues>, options: { newVersion?: boolean } = {}) {
  const rows = await db
    .update(episodes)
    .set({
      ...values,
      updatedAt: sql`now()`,
      ...(options.newVersion ? { version: sql`${episodes.version} + 1`, ...updatedByActor() } : {}),
      // The feed's writes name updatedBy: null themselves (the feed made the change).
      ...("updatedBy" in values ? { updatedBy: values.updatedBy } : {}),
    })
    .where(eq(episodes.id, id))
    .returning({ id: episodes.id });
  return rows.length > 0;
}

/**
 * Deletes episodes; a feed episode leaves a tombstone of what identifies its item, so no sync
 * brings it back (unless `remember` is false: another show's episodes, say). Returns how many
 * were deleted.
 */
export async function deleteEpisodes(tx: Executor, ids: number[], options: { remember?: boolean } = {}): Promise<number> {
  if (ids.length === 0) return 0;
  const gone = await tx.delete(episodes).where(idIn(episodes.id, ids)).returning({
    source: episodes.source,
    guid: episodes.guid,
    enclosureKey: episodes.enclosureKey,
    title: episodes.title,
    publishedAt: episodes.publishedAt,
  });
  const tombstones = options.remember === false ? [] : gone.filter((e) => e.source === "feed").map(({ source: _source, ...item }) => item);
  for (const part of chunk(tombstones, 200)) await tx.insert(deletedFeedEpisodes).values(part);
  return gone.length;
}

/** Of these ids, those that name an episode. */
export async function existingEpisodeIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: episodes.id }).from(episodes).where(idIn(episodes.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Publishes or unpublishes episodes at once: a change of what the admin's form shows (a new version each). */
export async function setPublished(tx: Executor, ids: number[], isPublished: boolean): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(episodes)
    .set({ isPublished, updatedAt: sql`now()`, version: sql`${episodes.version} + 1`, ...updatedByActor() })
    .where(and(idIn(episodes.id, ids), ne(episodes.isPublished, isPublished)));
}

/** The admin's filters of the episodes screen. */
export interface AdminEpisodeFilter {
  query: string;
  status: "all" | "draft" | "published";
  source: "all" | "feed" | "manual";
  season: number | null;
}

const adminWhere = (filter: AdminEpisodeFilter) => {
  const like = `%${filter.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    filter.query
      ? sql`(unaccent_lower(${episodes.title}) LIKE unaccent_lower(${like}) OR unaccent_lower(${episodes.description}) LIKE unaccent_lower(${like}))`
      : undefined,
    filter.status === "all" ? undefined : eq(episodes.isPublished, filter.status === "published"),
    filter.source === "all" ? undefined : eq(episodes.source, filter.source),
    filter.season === null ? undefined : eq(episodes.seasonNumber, filter.season),
  );
};

/**
 * A page of the admin's episodes screen, in the admin's order, with how many match and, for
 * "select all that match", the ids of every match.
 */
export async function listAdminPage(db: Executor, filter: AdminEpisodeFilter, page: { offset: number; limit: number }) {
  const where = adminWhere(filter);
  const [rows, ids, seasons] = await Promise.all([
    db
      .select(adminColumns)
      .from(episodes)
      .where(where)
      .orderBy(asc(episodes.sortOrder), asc(episodes.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ id: episodes.id }).from(episodes).where(where).orderBy(asc(episodes.sortOrder), asc(episodes.id)),
    db
      .selectDistinct({ season: episodes.seasonNumber })
      .from(episodes)
      .where(isNotNull(episodes.seasonNumber))
      .orderBy(asc(episodes.seasonNumber)),
  ]);
  return { rows, ids: ids.map((r) => r.id), seasons: seasons.map((r) => r.season!) };
}

/** The tombstones of deleted feed episodes, newest first. */
export function listDeletedFeedEpisodes(db: Executor) {
  return db
    .select({
      id: deletedFeedEpisodes.id,
      title: deletedFeedEpisodes.title,
      publishedAt: deletedFeedEpisodes.publishedAt,
      deletedAt: deletedFeedEpisodes.deletedAt,
    })
    .from(deletedFeedEpisodes)
    .orderBy(desc(deletedFeedEpisodes.deletedAt), desc(deletedFeedEpisodes.id));
}

/** What identifies each deleted feed item, for a sync to leave them out. */
export function listTombstoneKeys(db: Executor) {
  return db.select({ guid: deletedFeedEpisodes.guid, enclosureKey: deletedFeedEpisodes.enclosureKey }).from(deletedFeedEpisodes);
}

export async function deleteTombstone(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(deletedFeedEpisodes).where(eq(deletedFeedEpisodes.id, id)).returning({ id: deletedFeedEpisodes.id });
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
export async function listArchivePage(db: Executor, options: { offset: number; limit: number; query: string; season: number | null }) {
  const newest = sql`coalesce(${episodes.publishedAt}, ${episodes.createdAt}) DESC, ${episodes.id} DESC`;
  const published = and(eq(episodes.isPublished, true), options.season === null ? undefined : eq(episodes.seasonNumber, options.season));
  if (!options.query) {
    const [rows, [count]] = await Promise.all([
      db.select(episodeColumns).from(episodes).where(published).orderBy(newest).limit(options.limit).offset(options.offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(episodes)
        .where(published),
    ]);
    return { rows: rows.map((row) => ({ ...row, match: null })), total: count!.n };
  }
  const words = searchWords(options.query);
  if (words.length === 0) return { rows: [], total: 0 };
  // Every word as typed so far, a prefix ("seri" finds "series", "Sèries"), accents and case
  // ignored (the podcast text search configuration; migrations/0007). Only letters and digits
  // reach the query's text, so nothing typed is read as query syntax.
  const query = sql`to_tsquery('podcast', ${words.map((w) => `${w}:*`).join(" & ")})`;
  const where = and(published, sql`${episodes.searchVector} @@ ${query}`);
  // The first transcript paragraph that matches, for a snippet that links to that moment.
  const heard = sql`(SELECT p FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${episodes.transcript}) = 'array' THEN ${episodes.transcript} ELSE '[]'::jsonb END) AS p
    WHERE to_tsvector('podcast', left(p->>'text', ${SNIPPET_SOURCE_CHARS})) @@ ${query} LIMIT 1)`;
  const described = sql`to_tsvector('podcast', ${episodes.title} || ' ' || ${episodes.description}) @@ ${query}`;
  // A search has less time than other reads (SEARCH_TIMEOUT), and its snippet is made from a
  // bounded part of the words: headlining a whole long transcript costs more than the search.
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${SEARCH_TIMEOUT_MS}`));
    const rows = await tx
      .select({
        ...episodeColumns,
        match: sql<{ title: string; snippet: string; at: number | null }>`(SELECT json_build_object(
          'title', ts_headline('podcast', ${episodes.title}, ${query}, ${HEADLINE}),
          'snippet', CASE WHEN ${described} OR h.p IS NULL
            THEN ts_headline('podcast', left(${episodes.description} || ' ' || ${episodes.transcriptText}, ${SNIPPET_SOURCE_CHARS}), ${query}, ${SNIPPET})
            ELSE ts_headline('podcast', left(h.p->>'text', ${SNIPPET_SOURCE_CHARS}), ${query}, ${SNIPPET}) END,
          'at', CASE WHEN ${described} OR h.p IS NULL THEN NULL ELSE (h.p->>'start')::numeric::int END)
          FROM (SELECT ${heard} AS p) AS h)`,
      })
      .from(episodes)
      .where(where)
      .orderBy(sql`ts_rank_cd(${episodes.searchVector}, ${query}) DESC`, sql`${newest}`)
      .limit(options.limit)
      .offset(options.offset);
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(episodes)
      .where(where);
    return { rows, total: count!.n };
  });
}

/** The seasons the published episodes have, lowest first. */
export async function listPublishedSeasons(db: Executor): Promise<number[]> {
  const rows = await db
    .selectDistinct({ season: episodes.seasonNumber })
    .from(episodes)
    .where(and(eq(episodes.isPublished, true), isNotNull(episodes.seasonNumber)))
    .orderBy(asc(episodes.seasonNumber));
  return rows.map((r) => r.season!);
}

/** The words of a search as the text search reads them: letters and digits, at most 10 words of 40 characters. */
function searchWords(query: string): string[] {
  return (query.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10).map((w) => w.slice(0, 40));
}

/** How long a search may run: less than other reads, so a costly one gives way quickly. */
const SEARCH_TIMEOUT_MS = 2_000;
/** How much of an episode's words its search snippet is made from. */
const SNIPPET_SOURCE_CHARS = 20_000;

// Old addresses of episodes and clips (the slug history).

type Kind = "episode" | "clip";

/**
 * An item's slug changed from `from` to `to`: the old one leads to this item from now on (a
 * 301, docs/product.md "Listening"), and the new one is this item's alone, so an old address of
 * another item that was `to` leads nowhere any more.
 */
export async function rememberOldSlug(tx: Executor, kind: Kind, itemId: number, from: string, to: string): Promise<void> {
  await forgetSlugs(tx, kind, [to]);
  await tx
    .insert(slugHistory)
    .values({ kind, slug: from, itemId })
    .onConflictDoUpdate({ target: [slugHistory.kind, slugHistory.slug], set: { itemId, createdAt: sql`now()` } });
}

/** New items took these slugs: an old address that was one of them no longer leads to the item that had it. */
export async function forgetSlugs(tx: Executor, kind: Kind, slugs: string[]): Promise<void> {
  for (const part of chunk(slugs, 1_000))
    await tx.delete(slugHistory).where(and(eq(slugHistory.kind, kind), inArray(slugHistory.slug, part)));
}

/** The slug the published item that once had `slug` has now, or null (never had, deleted, a draft). */
export async function findRenamed(db: Executor, kind: Kind, slug: string): Promise<string | null> {
  const table = kind === "episode" ? episodes : clips;
  const rows = await db
    .select({ slug: table.slug })
    .from(slugHistory)
    .innerJoin(table, eq(table.id, slugHistory.itemId))
    .where(and(eq(slugHistory.kind, kind), eq(slugHistory.slug, slug), eq(table.isPublished, true)))
    .limit(1);
  return rows[0]?.slug ?? null;
}
