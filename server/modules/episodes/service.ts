import { HOME_EPISODE_COUNT } from "../../../shared/archive";
import {
  ADMIN_EPISODE_PAGE_SIZE,
  type AdminEpisodePage,
  type AdminEpisodeQuery,
  type ArchiveQuery,
  type DeletedFeedEpisode,
  type EpisodeBulkInput,
  type Chapter,
  type Episode,
  type EpisodeArchivePage,
  type EpisodeInput,
  type EpisodePerson,
  type EpisodeUpdate,
  type LatestEpisodes,
  type TranscriptParagraph,
} from "../../../shared/api";
import { objectIdOf } from "../../../shared/pictures";
import { SLUG_PATTERN } from "../../../shared/slug";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db, Executor } from "../../platform/db/client";
import { AppError, notFound, sqlStateOf, staleVersion, words } from "../../platform/http/errors";
import { sanitizeShowNotes } from "../../platform/text/sanitize";
import { nextSortOrder } from "../../platform/ordered-lists/storage";
import * as store from "./storage";
import { lockEpisodes, lockOrdering } from "../../platform/db/locks";
import type { PicturesService } from "../pictures";
import { swapItems, type OrderedList } from "../../platform/ordered-lists/service";
import { uniqueSlug } from "./slugs";
import type { UploadsService } from "../pictures";

/**
 * The fields a feed sync fills and the admin may also edit by hand; once edited, they are the
 * owner's and a sync leaves them alone (docs/decisions/009-feed-sync.md).
 */
const OWNER_EDITABLE_FIELDS = ["title", "description", "showNotes", "audioUrl", "publishedAt", "imageUrl", "durationSeconds"] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Chapters as kept (server/modules/feed/transcripts.ts), as visitors see them: the picture only as the site keeps it, never the file's address. */
const shownChapters = (stored: unknown): Chapter[] | null =>
  Array.isArray(stored)
    ? (stored as (Chapter & { img?: string | null })[]).map(({ start, title, url, image }) => ({ start, title, url, image: image ?? null }))
    : null;

/** A row as the API shows it: to visitors without the owner's bookkeeping; in lists without the notes. */
function toEpisode(
  row: (store.EpisodeRow | Omit<Awaited<ReturnType<typeof store.listEpisodes>>[number], "updatedBy">) & { updatedBy?: string | null },
  options: { isAdmin: boolean },
): Episode {
  const { editedFields, updatedBy, ...rest } = row;
  const whole =
    "transcript" in row
      ? { transcript: (row.transcript as TranscriptParagraph[] | null) ?? null, chapters: shownChapters(row.chapters) }
      : {};
  return {
    ...(rest as Omit<typeof rest, "transcript" | "chapters">),
    ...whole,
    slug: row.slug ?? String(row.id),
    sortOrder: String(row.sortOrder),
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(options.isAdmin ? { editedFields, updatedBy: updatedBy ?? null } : {}),
  };
}

export interface EpisodesService extends OrderedList<Episode, EpisodeInput, EpisodeUpdate> {
  /** The home page's strip: the first 12 published in the admin's order, and the count of all. */
  latest(): Promise<LatestEpisodes>;
  /** A page of /archive: published episodes newest first, or a search's matches best first. */
  archive(query: ArchiveQuery): Promise<EpisodeArchivePage>;
  /** A published episode (any, for the admin) with its show notes and its people. */
  getBySlug(slug: string, options: { includeDrafts: boolean }): Promise<Episode>;
  /** The slug now of the published episode that once had `slug` (its old address answers 301 with it), or null. */
  findRenamed(slug: string): Promise<string | null>;
  /** Published episodes by id, in that order (a person's page). */
  listPublishedByIds(ids: number[]): Promise<Episode[]>;
  /** A feed episode deleted is remembered, and no sync brings it back until it is restored. */
  remove(id: number): Promise<void>;
  /** Publishes, unpublishes or deletes many at once: all or nothing; an unknown id changes nothing (404). */
  bulk(input: EpisodeBulkInput): Promise<{ count: number }>;
  /** A page of the admin's episodes screen, with its filters. */
  adminPage(query: AdminEpisodeQuery): Promise<AdminEpisodePage>;
  listDeleted(): Promise<DeletedFeedEpisode[]>;
  /** Forgets that a feed episode was deleted: the next sync that reads its item brings it back. */
  restoreDeleted(id: number): Promise<void>;
}

/**
 * Gives a slug to every episode without one: those from before slugs existed, after the
 * migration that added them or the restore of an older backup. Returns how many got one.
 */
export async function fillMissingEpisodeSlugs(db: Db): Promise<number> {
  const rows = await store.episodesWithoutSlug(db);
  for (const row of rows)
    await store.updateEpisode(db, row.id, { slug: await uniqueSlug(db, "episodes", { title: row.title, exceptId: row.id }) });
  return rows.length;
}

const dateOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

/** The columns an edit sets (the slug aside, which needs the database); `image`: imageUrl resolved to an upload. */
function changesOf(input: EpisodeUpdate, image: string | null | undefined): Partial<store.EpisodeValues> {
  const values: Partial<store.EpisodeValues> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.spotifyEmbedUrl !== undefined) values.spotifyEmbedUrl = input.spotifyEmbedUrl;
  if (input.audioUrl !== undefined) values.audioUrl = input.audioUrl;
  if (input.description !== undefined) values.description = input.description;
  if (input.showNotes !== undefined) values.showNotes = sanitizeShowNotes(input.showNotes);
  if (input.publishedAt !== undefined) values.publishedAt = dateOf(input.publishedAt);
  if (image !== undefined) {
    values.imageUrl = image;
    values.imagePath = objectIdOf(image) ? image : null;
    values.imageSourceUrl = null;
    values.imageFailures = 0;
    values.imageRetryAt = null;
  }
  if (input.durationSeconds !== undefined) values.durationSeconds = input.durationSeconds;
  if (input.metaDescription !== undefined) values.metaDescription = input.metaDescription;
  if (input.isPublished !== undefined) values.isPublished = input.isPublished;
  if (input.sortOrder !== undefined) values.sortOrder = input.sortOrder;
  return values;
}

export interface EpisodesOptions {
  pictures?: PicturesService;
  /** Who is in an episode (the people room's), for its page. */
  peopleOf?: (episodeId: number) => Promise<EpisodePerson[]>;

  /** Asks for artwork on another host to be fetched and kept here, after the answer (feed/linked-files.ts). */
  fetchArtwork?: () => void;
}

/** The episode's row, or a 404. */
async function mustExist(tx: Executor, id: number): Promise<store.EpisodeRow> {
  const row = await store.findEpisode(tx, id);
  if (!row) throw notFound("error.episodeNotFound");
  return row;
}

/** A page of /archive: published episodes newest first, or a search's matches best first. */
async function readArchivePage(db: Db, { page, q, size, season }: ArchiveQuery): Promise<EpisodeArchivePage> {
  const seasons = store.listPublishedSeasons(db);
  const { rows, total } = await store
    .listArchivePage(db, { offset: (page - 1) * size, limit: size, query: q, season })
    .catch((err: unknown) => {
      if (sqlStateOf(err) === "57014") throw new AppError("UNAVAILABLE", "error.searchTooSlow", { retryAfter: 2 });
      throw err;
    });
  return {
    episodes: rows.map(({ match, ...row }) => ({ ...toEpisode(row, { isAdmin: false }), match })),
    page,
    pageSize: size,
    pageCount: Math.max(1, Math.ceil(total / size)),
    total,
    query: q,
    season,
    seasons: await seasons,
  };
}

/** A page of the admin's episodes screen, with its filters. */
async function readAdminPage(db: Db, query: AdminEpisodeQuery): Promise<AdminEpisodePage> {
  const filter = { query: query.q, status: query.status, source: query.source, season: query.season };
  const offset = (query.page - 1) * ADMIN_EPISODE_PAGE_SIZE;
  const { rows, ids, seasons } = await store.listAdminPage(db, filter, { offset, limit: ADMIN_EPISODE_PAGE_SIZE });
  return {
    episodes: rows.map((row) => toEpisode(row, { isAdmin: true })),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(ids.length / ADMIN_EPISODE_PAGE_SIZE)),
    total: ids.length,
    matchingIds: ids,
    seasons,
  };
}

/** Inserts an episode the owner makes by hand, its slug unique; `image`: imageUrl resolved to an upload. */
async function insertManualEpisode(tx: Executor, input: EpisodeInput, image: string | null): Promise<store.EpisodeRow> {
  await lockEpisodes(tx, "edit");
  // One new episode at a time: two with one title get -2, never one slug.
  await lockOrdering(tx, "episodes");
  const slug = await uniqueSlug(tx, "episodes", { asked: input.slug || undefined, title: input.title });
  // Another episode's old address that this one now takes answers for this one.
  await store.forgetSlugs(tx, "episode", [slug]);
  const id = await store.insertEpisode(tx, {
    title: input.title,
    slug,
    spotifyEmbedUrl: input.spotifyEmbedUrl ?? null,
    audioUrl: input.audioUrl ?? null,
    description: input.description ?? "",
    showNotes: sanitizeShowNotes(input.showNotes ?? ""),
    publishedAt: dateOf(input.publishedAt) ?? null,
    imageUrl: image,
    imagePath: objectIdOf(image) ? image : null,
    durationSeconds: input.durationSeconds ?? null,
    metaDescription: input.metaDescription ?? "",
    isPublished: input.isPublished ?? true,
    sortOrder: input.sortOrder ?? (await nextSortOrder(tx, "episodes")),
    source: "manual",
  });
  return mustExist(tx, id);
}

/** The edited episode's new slug, when the edit names one; its old address is remembered. */
async function editSlug(tx: Executor, id: number, asked: string, title: string, before: store.EpisodeRow): Promise<string> {
  // A blank slug in an edit means "make it from the title", as for clips (docs/product.md §5).
  const slug = await uniqueSlug(tx, "episodes", { asked: asked || undefined, title, exceptId: id });
  // The old address keeps answering, with a 301 to the new one (docs/product.md "Listening").
  if (before.slug && slug !== before.slug) await store.rememberOldSlug(tx, "episode", id, before.slug, slug);
  return slug;
}

/** Refuses an edit that leaves the episode with nothing to play. */
function checkPlayable(after: { spotifyEmbedUrl: string | null; audioUrl: string | null }): void {
  if (!after.spotifyEmbedUrl && !after.audioUrl) {
    throw new AppError("VALIDATION", "error.needsSomethingToPlay", {
      errors: [{ path: "audioUrl", message: words("validation.needsSomethingToPlay") }],
    });
  }
}

/**
 * Saves the owner's edit of an episode, under the episodes' edit lock and the row's: a sync
 * plans either before this save or after it, never across it (platform/db/locks.ts).
 */
async function applyEdit(tx: Executor, id: number, input: EpisodeUpdate, image: string | null | undefined): Promise<store.EpisodeRow> {
  await lockEpisodes(tx, "edit");
  const before = await store.findEpisode(tx, id, { forUpdate: true });
  if (!before) throw notFound("error.episodeNotFound");
  if (input.version !== undefined && input.version !== before.version) throw staleVersion("episode");
  const values = changesOf(input, image);
  if (input.slug !== undefined) values.slug = await editSlug(tx, id, input.slug, values.title ?? before.title, before);
  if (Object.keys(values).length === 0) throw new AppError("VALIDATION", "error.nothingToUpdate");
  checkPlayable({ ...before, ...values });
  // What the owner changes by hand is theirs from now on: a feed sync leaves it alone.
  const changed = OWNER_EDITABLE_FIELDS.filter((field) => field in values && String(values[field]) !== String(before[field]));
  if (changed.length > 0) values.editedFields = [...new Set([...before.editedFields, ...changed])];
  await store.updateEpisode(tx, id, values, { newVersion: true });
  return mustExist(tx, id);
}

/** Publishes, unpublishes or deletes many at once: all or nothing; an unknown id changes nothing (404). */
function applyBulk(writes: SiteWrites, { ids, action }: EpisodeBulkInput): Promise<{ count: number }> {
  const unique = [...new Set(ids)];
  return writes.run(async (tx) => {
    await lockEpisodes(tx, "edit");
    const known = await store.existingEpisodeIds(tx, unique);
    const missing = unique.filter((id) => !known.has(id));
    if (missing.length > 0)
      throw missing.length > 5
        ? notFound("error.unknownEpisodeIdsAndMore", { ids: missing.slice(0, 5).join(", "), more: missing.length - 5 })
        : notFound("error.unknownEpisodeIds", { ids: missing.join(", ") });
    if (action === "delete") await store.deleteEpisodes(tx, unique);
    else await store.setPublished(tx, unique, action === "publish");
    return { count: unique.length };
  });
}

/** The episodes: what visitors and the owner read, and the owner's writes, each under the episodes' edit lock. */
export function createEpisodesService(
  db: Db,
  uploads: UploadsService,
  writes: SiteWrites,
  { pictures, fetchArtwork, peopleOf }: EpisodesOptions = {},
): EpisodesService {
  /** An uploaded image has its sizes made now; one on another host is fetched after the answer. */
  const keepArtwork = async (imageUrl: string | null | undefined) => {
    if (imageUrl?.startsWith("/objects/")) await pictures?.prepare(imageUrl, "artwork");
    else if (imageUrl) fetchArtwork?.();
  };
  const imageOf = async (value: string | null | undefined) => (value ? ((await uploads.resolveUpload(value, "imageUrl")) ?? value) : value);

  return {
    async list(options) {
      return (await store.listEpisodes(db, options)).map((row) => toEpisode(row, { isAdmin: options.includeDrafts }));
    },
    async latest() {
      const [{ rows, total }, trailer] = await Promise.all([
        store.listLatestPublished(db, HOME_EPISODE_COUNT),
        store.findNewestTrailer(db),
      ]);
      return {
        episodes: rows.map((row) => toEpisode(row, { isAdmin: false })),
        total,
        trailer: trailer ? toEpisode(trailer, { isAdmin: false }) : null,
      };
    },
    findRenamed: (slug) => (SLUG_PATTERN.test(slug) ? store.findRenamed(db, "episode", slug) : Promise.resolve(null)),
    async listPublishedByIds(ids) {
      return (await store.listPublishedByIds(db, ids)).map((row) => toEpisode(row, { isAdmin: false }));
    },
    archive: (query) => readArchivePage(db, query),
    async getBySlug(slug, options) {
      // No stored slug can differ from the pattern, so anything else is not found without a query.
      const row = SLUG_PATTERN.test(slug) ? await store.findEpisodeBySlug(db, slug, options) : null;
      if (!row) throw notFound("error.episodeNotFound");
      // Sanitised again as it goes out, like the footer: stored notes may come from an old backup.
      const episode = toEpisode({ ...row, showNotes: sanitizeShowNotes(row.showNotes) }, { isAdmin: options.includeDrafts });
      return peopleOf ? { ...episode, people: await peopleOf(row.id) } : episode;
    },
    async create(input) {
      const image = (await imageOf(input.imageUrl)) ?? null;
      const created = await writes.run((tx) => insertManualEpisode(tx, input, image));
      await keepArtwork(image);
      return toEpisode(created, { isAdmin: true });
    },
    async update(id, input) {
      const image = input.imageUrl === undefined ? undefined : await imageOf(input.imageUrl);
      const updated = await writes.run((tx) => applyEdit(tx, id, input, image));
      if (image !== undefined) await keepArtwork(image);
      return toEpisode(updated, { isAdmin: true });
    },
    async remove(id) {
      await writes.run(async (tx) => {
        await lockEpisodes(tx, "edit");
        if ((await store.deleteEpisodes(tx, [id])) === 0) throw notFound("error.episodeNotFound");
      });
    },
    swap: (id, withId) => swapItems(writes, "episodes", id, withId),
    bulk: (input) => applyBulk(writes, input),
    adminPage: (query) => readAdminPage(db, query),
    async listDeleted() {
      return (await store.listDeletedFeedEpisodes(db)).map((row) => ({
        ...row,
        publishedAt: iso(row.publishedAt),
        deletedAt: row.deletedAt.toISOString(),
      }));
    },
    async restoreDeleted(id) {
      await writes.run(async (tx) => {
        if (!(await store.deleteTombstone(tx, id))) throw notFound("error.noDeletedEpisode");
      });
    },
  };
}
