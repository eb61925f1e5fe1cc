import { HOME_EPISODE_COUNT } from "../../shared/archive";
import {
  type ArchiveQuery,
  type Chapter,
  type Episode,
  type EpisodeArchivePage,
  type EpisodeInput,
  type EpisodeUpdate,
  type LatestEpisodes,
  type TranscriptParagraph,
} from "../../shared/api";
import { objectIdOf } from "../../shared/pictures";
import { SLUG_MAX_LENGTH, SLUG_PATTERN, slugify } from "../../shared/slug";
import type { Db, Executor } from "../db/client";
import { AppError, notFound } from "../lib/errors";
import { sanitizeShowNotes } from "../lib/sanitize";
import { nextSortOrder } from "../storage/content";
import * as store from "../storage/episodes";
import { keepEpisodeArtwork } from "./feed-extras";
import type { PicturesService } from "./pictures";
import type { UploadsService } from "./uploads";

/**
 * The fields a feed sync fills and the admin may also edit by hand; once edited, they are the
 * owner's and a sync leaves them alone (docs/decisions/009-feed-sync.md).
 */
const OWNER_EDITABLE_FIELDS = ["title", "description", "showNotes", "audioUrl", "publishedAt", "imageUrl", "durationSeconds"] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row as the API shows it: to visitors without the owner's bookkeeping; in lists without the notes. */
function toEpisode(row: store.EpisodeRow | Awaited<ReturnType<typeof store.listEpisodes>>[number], options: { isAdmin: boolean }): Episode {
  const { editedFields, ...rest } = row;
  const whole =
    "transcript" in row ? { transcript: (row.transcript as TranscriptParagraph[] | null) ?? null, chapters: (row.chapters as Chapter[] | null) ?? null } : {};
  return {
    ...(rest as Omit<typeof rest, "transcript" | "chapters">),
    ...whole,
    slug: row.slug ?? String(row.id),
    sortOrder: String(row.sortOrder),
    publishedAt: iso(row.publishedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(options.isAdmin ? { editedFields } : {}),
  };
}

/**
 * A slug no other episode has: the one asked for (a clash is the admin's to resolve: 409), or
 * one made from the title, with -2, -3... added when the title's is taken (feeds repeat titles:
 * "Bonus", "Trailer").
 */
async function uniqueEpisodeSlug(db: Executor, options: { asked?: string; title: string; exceptId?: number }): Promise<string> {
  if (options.asked) {
    const taken = await store.episodeSlugsLike(db, options.asked, options.exceptId);
    if (taken.has(options.asked)) {
      throw new AppError("CONFLICT", `Another episode already uses the slug '${options.asked}'`, {
        errors: [{ path: "slug", message: "is already used by another episode" }],
      });
    }
    return options.asked;
  }
  const base = slugify(options.title, SLUG_MAX_LENGTH - 6) || "episode";
  const taken = await store.episodeSlugsLike(db, base, options.exceptId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface EpisodesService {
  list(options: { includeDrafts: boolean }): Promise<Episode[]>;
  /** The home page's strip: the first 12 published in the admin's order, and the count of all. */
  latest(): Promise<LatestEpisodes>;
  /** A page of /archive: published episodes newest first, or a search's matches best first. */
  archive(query: ArchiveQuery): Promise<EpisodeArchivePage>;
  /** A published episode (any, for the admin) with its show notes. */
  getBySlug(slug: string, options: { includeDrafts: boolean }): Promise<Episode>;
  create(input: EpisodeInput): Promise<Episode>;
  update(id: number, input: EpisodeUpdate): Promise<Episode>;
  remove(id: number): Promise<void>;
}

/**
 * Gives a slug to every episode without one: those from before slugs existed, after the
 * migration that added them or the restore of an older backup. Returns how many got one.
 */
export async function fillMissingEpisodeSlugs(db: Db): Promise<number> {
  const rows = await store.episodesWithoutSlug(db);
  for (const row of rows) await store.updateEpisode(db, row.id, { slug: await uniqueEpisodeSlug(db, { title: row.title, exceptId: row.id }) });
  return rows.length;
}

export function createEpisodesService(db: Db, uploads: UploadsService, onChange: () => void = () => {}, pictures?: PicturesService): EpisodesService {
  /** An uploaded image is kept as it is; one on another host is fetched after the answer (feed-extras.ts). */
  const keepArtwork = async (imageUrl: string | null | undefined) => {
    if (!pictures) return;
    if (imageUrl?.startsWith("/objects/")) await pictures.prepare(imageUrl, "artwork");
    else if (imageUrl) void keepEpisodeArtwork(db, pictures).then((n) => n > 0 && onChange(), () => undefined);
  };
  const mustExist = async (id: number) => {
    const row = await store.findEpisode(db, id);
    if (!row) throw notFound("Episode not found");
    return row;
  };
  const imageOf = async (value: string | null | undefined) =>
    value ? ((await uploads.resolveUpload(value, "imageUrl")) ?? value) : value;
  const dateOf = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : new Date(value));

  return {
    async list(options) {
      return (await store.listEpisodes(db, options)).map((row) => toEpisode(row, { isAdmin: options.includeDrafts }));
    },
    async latest() {
      const { rows, total } = await store.listLatestPublished(db, HOME_EPISODE_COUNT);
      return { episodes: rows.map((row) => toEpisode(row, { isAdmin: false })), total };
    },
    async archive({ page, q, size }) {
      const { rows, total } = await store.listArchivePage(db, { offset: (page - 1) * size, limit: size, query: q });
      return {
        episodes: rows.map(({ match, ...row }) => ({ ...toEpisode(row, { isAdmin: false }), match })),
        page,
        pageSize: size,
        pageCount: Math.max(1, Math.ceil(total / size)),
        total,
        query: q,
      };
    },
    async getBySlug(slug, options) {
      // No stored slug can differ from the pattern, so anything else is not found without a query.
      const row = SLUG_PATTERN.test(slug) ? await store.findEpisodeBySlug(db, slug, options) : null;
      if (!row) throw notFound("Episode not found");
      // Sanitised again as it goes out, like the footer: stored notes may come from an old backup.
      return toEpisode({ ...row, showNotes: sanitizeShowNotes(row.showNotes) }, { isAdmin: options.includeDrafts });
    },
    async create(input) {
      const image = (await imageOf(input.imageUrl)) ?? null;
      const id = await store.insertEpisode(db, {
        title: input.title,
        slug: await uniqueEpisodeSlug(db, { asked: input.slug || undefined, title: input.title }),
        spotifyEmbedUrl: input.spotifyEmbedUrl ?? null,
        audioUrl: input.audioUrl ?? null,
        description: input.description ?? "",
        showNotes: sanitizeShowNotes(input.showNotes ?? ""),
        publishedAt: dateOf(input.publishedAt) ?? null,
        imageUrl: image,
        imagePath: objectIdOf(image) ? image : null,
        durationSeconds: input.durationSeconds ?? null,
        isPublished: input.isPublished ?? true,
        sortOrder: input.sortOrder ?? (await nextSortOrder(db, "episodes")),
        source: "manual",
      });
      await keepArtwork(image);
      onChange();
      return toEpisode(await mustExist(id), { isAdmin: true });
    },
    async update(id, input) {
      const before = await mustExist(id);
      const values: Partial<store.EpisodeValues> = {};
      if (input.title !== undefined) values.title = input.title;
      if (input.spotifyEmbedUrl !== undefined) values.spotifyEmbedUrl = input.spotifyEmbedUrl;
      if (input.audioUrl !== undefined) values.audioUrl = input.audioUrl;
      if (input.description !== undefined) values.description = input.description;
      if (input.showNotes !== undefined) values.showNotes = sanitizeShowNotes(input.showNotes);
      if (input.publishedAt !== undefined) values.publishedAt = dateOf(input.publishedAt);
      if (input.imageUrl !== undefined) {
        values.imageUrl = await imageOf(input.imageUrl);
        values.imagePath = objectIdOf(values.imageUrl) ? values.imageUrl : null;
        values.imageSourceUrl = null;
      }
      if (input.durationSeconds !== undefined) values.durationSeconds = input.durationSeconds;
      if (input.isPublished !== undefined) values.isPublished = input.isPublished;
      if (input.sortOrder !== undefined) values.sortOrder = input.sortOrder;
      // A blank slug in an edit means "make it from the title", as for clips (docs/product.md §5).
      if (input.slug !== undefined) {
        values.slug = await uniqueEpisodeSlug(db, { asked: input.slug || undefined, title: values.title ?? before.title, exceptId: id });
      }
      if (Object.keys(values).length === 0) throw new AppError("VALIDATION", "Invalid request: nothing to update");
      const after = { ...before, ...values };
      if (!after.spotifyEmbedUrl && !after.audioUrl) {
        throw new AppError("VALIDATION", "Invalid request: an episode needs a Spotify embed URL or an audio URL", {
          errors: [{ path: "audioUrl", message: "or a Spotify embed URL is required: an episode needs something to play" }],
        });
      }
      // What the owner changes by hand is theirs from now on: a feed sync leaves it alone.
      const changed = OWNER_EDITABLE_FIELDS.filter((field) => field in values && String(values[field]) !== String(before[field]));
      if (changed.length > 0) values.editedFields = [...new Set([...before.editedFields, ...changed])];
      await store.updateEpisode(db, id, values);
      if (values.imageUrl !== undefined) await keepArtwork(values.imageUrl);
      onChange();
      return toEpisode(await mustExist(id), { isAdmin: true });
    },
    async remove(id) {
      if (!(await store.deleteEpisode(db, id))) throw notFound("Episode not found");
      onChange();
    },
  };
}
