import type { Clip, ClipInput, ClipListItem, ClipUpdate } from "../../../shared/api";
import { youTubeVideoId } from "../../../shared/embeds";
import { SLUG_PATTERN } from "../../../shared/slug";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db } from "../../platform/db/client";
import { notFound, staleVersion } from "../../platform/http/errors";
import type { Logger } from "../../platform/runtime/logger";
import * as store from "./storage";
import { findRenamed, forgetSlugs, rememberOldSlug } from "../episodes";
import { lockOrdering } from "../../platform/db/locks";
import { nextSortOrder } from "../../platform/ordered-lists/storage";
import { definedOnly, swapItems, type OrderedList } from "../../platform/ordered-lists/service";
import type { PicturesService } from "../pictures";
import { uniqueSlug } from "../episodes";

const iso = (d: Date) => d.toISOString();

const toClip = ({ posterVideoId: _video, ...r }: store.ClipRow): Clip => ({
  ...r,
  sortOrder: String(r.sortOrder),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export interface ClipsService extends OrderedList<ClipListItem, ClipInput, ClipUpdate> {
  getBySlug(slug: string, options: { includeDrafts: boolean }): Promise<Clip>;
  /** The slug now of the published clip that once had `slug` (its old address answers 301 with it), or null. */
  findRenamed(slug: string): Promise<string | null>;
}

export interface ClipsOptions {
  /** Where a video's thumbnail is fetched from (YouTube's image host; a loopback server in tests). */
  thumbnailBase?: string;
  pictures?: PicturesService;
  logger?: Logger;
}

/** The video clips (docs/product.md §2 "Clips"), each with its article and its poster kept here. */
export function createClipsService(db: Db, writes: SiteWrites, options: ClipsOptions = {}): ClipsService {
  const thumbnailBase = options.thumbnailBase ?? "https://i.ytimg.com";
  /**
   * A clip's poster: its video's thumbnail, fetched by the server and kept here, so a visitor's
   * browser asks YouTube for nothing before pressing play. It runs after the answer: a slow or
   * failed fetch never holds up the save, and the facade keeps its gradient until one arrives.
   */
  const fetchPoster = (id: number, embedUrl: string) => {
    const video = youTubeVideoId(embedUrl);
    if (!video || !options.pictures) return;
    const pictures = options.pictures;
    void (async () => {
      const poster = await pictures.adopt(`${thumbnailBase}/vi/${video}/hqdefault.jpg`);
      if (!poster) return;
      await pictures.prepare(poster, "poster");
      await writes.run(async (tx) => {
        const clip = await store.findClip(tx, id, { forUpdate: true });
        if (clip && youTubeVideoId(clip.youtubeEmbedUrl) === video)
          await store.updateClip(tx, id, { posterPath: poster, posterVideoId: video }, { touch: false });
      });
    })().catch((err: unknown) => options.logger?.warn({ err: (err as Error).message, clip: id }, "the clip's poster was not kept"));
  };

  return {
    async list(listOptions) {
      const clips = (await store.listClips(db, listOptions)).map(toClip);
      // A visitor's list leaves the articles out: only the clip's page shows one.
      return listOptions.includeDrafts ? clips : clips.map(({ content: _article, ...summary }) => summary);
    },
    findRenamed: (slug) => (SLUG_PATTERN.test(slug) ? findRenamed(db, "clip", slug) : Promise.resolve(null)),
    async getBySlug(slug, slugOptions) {
      // No stored slug can differ from the pattern, so anything else (a NUL byte, an escape)
      // is not found without asking the database.
      if (!SLUG_PATTERN.test(slug)) throw notFound("error.clipNotFound");
      const clip = await store.findClipBySlug(db, slug, slugOptions);
      if (!clip) throw notFound("error.clipNotFound");
      return toClip(clip);
    },
    async create(input) {
      const clip = await writes.run(async (tx) => {
        // One new clip at a time: two with one title get -2, never one slug.
        await lockOrdering(tx, "clips");
        const slug = await uniqueSlug(tx, "clips", { asked: input.slug || undefined, title: input.title });
        // Another clip's old address that this one now takes answers for this one.
        await forgetSlugs(tx, "clip", [slug]);
        const sortOrder = input.sortOrder ?? (await nextSortOrder(tx, "clips"));
        const id = await store.insertClip(tx, {
          slug,
          title: input.title,
          youtubeEmbedUrl: input.youtubeEmbedUrl,
          description: input.description ?? "",
          content: input.content ?? "",
          keyQuote: input.keyQuote ?? "",
          metaDescription: input.metaDescription ?? "",
          isPublished: input.isPublished ?? true,
          sortOrder,
        });
        return (await store.findClip(tx, id))!;
      });
      fetchPoster(clip.id, input.youtubeEmbedUrl);
      return toClip(clip);
    },
    async update(id, { version, ...fields }) {
      const { before, after } = await writes.run(async (tx) => {
        const existing = await store.findClip(tx, id, { forUpdate: true });
        if (!existing) throw notFound("error.clipNotFound");
        if (version !== undefined && version !== existing.version) throw staleVersion("clip");
        // A blank slug in an edit means "derive it from the title", as in the form (docs/product.md §5).
        const slug =
          fields.slug === undefined
            ? undefined
            : await uniqueSlug(tx, "clips", { asked: fields.slug || undefined, title: fields.title ?? existing.title, exceptId: id });
        // The old address keeps answering, with a 301 to the new one (docs/product.md "Listening").
        if (slug !== undefined && slug !== existing.slug) await rememberOldSlug(tx, "clip", id, existing.slug, slug);
        await store.updateClip(tx, id, definedOnly({ ...fields, slug }));
        return { before: existing, after: (await store.findClip(tx, id))! };
      });
      if (youTubeVideoId(after.youtubeEmbedUrl) !== before.posterVideoId) fetchPoster(id, after.youtubeEmbedUrl);
      return toClip(after);
    },
    async remove(id) {
      await writes.run(async (tx) => {
        if (!(await store.deleteClip(tx, id))) throw notFound("error.clipNotFound");
      });
    },
    swap: (id, withId) => swapItems(writes, "clips", id, withId),
  };
}
