import type {
  Clip,
  ClipListItem,
  ClipInput,
  ClipUpdate,
  Provider,
  ProviderInput,
  ProviderUpdate,
} from "../../shared/api";
import { youTubeVideoId } from "../../shared/embeds";
import { SLUG_PATTERN } from "../../shared/slug";
import type { SiteWrites } from "../db/change-bus";
import type { Db } from "../db/client";
import { AppError, notFound, staleVersion } from "../lib/errors";
import type { Logger } from "../lib/logger";
import * as store from "../storage/content";
import { lockOrdering } from "../storage/locks";
import type { PicturesService } from "./pictures";
import { uniqueSlug } from "./slugs";
import type { UploadsService } from "./uploads";

const iso = (d: Date) => d.toISOString();

const toProvider = (r: store.ProviderRow): Provider => ({ ...r, sortOrder: String(r.sortOrder) });
const toClip = ({ posterVideoId: _video, ...r }: store.ClipRow): Clip => ({
  ...r,
  sortOrder: String(r.sortOrder),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

type Kind = store.ContentKind;

export interface ContentService {
  listProviders(): Promise<Provider[]>;
  createProvider(input: ProviderInput): Promise<Provider>;
  updateProvider(id: number, input: ProviderUpdate): Promise<Provider>;
  deleteProvider(id: number): Promise<void>;
  listClips(options: { includeDrafts: boolean }): Promise<ClipListItem[]>;
  getClipBySlug(slug: string, options: { includeDrafts: boolean }): Promise<Clip>;
  createClip(input: ClipInput): Promise<Clip>;
  updateClip(id: number, input: ClipUpdate): Promise<Clip>;
  deleteClip(id: number): Promise<void>;
  swap(kind: Kind, id: number, withId: number): Promise<void>;
}

/** Drops keys whose value is undefined, so a partial update leaves the other columns alone. */
function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function requireSomething(values: object): void {
  if (Object.keys(values).length === 0) throw new AppError("VALIDATION", "Invalid request: nothing to update");
}

export interface ContentOptions {
  /** Where a video's thumbnail is fetched from (YouTube's image host; a loopback server in tests). */
  thumbnailBase?: string;
  pictures?: PicturesService;
  logger?: Logger;
}

export function createContentService(db: Db, uploads: UploadsService, writes: SiteWrites, options: ContentOptions = {}): ContentService {
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
        if (clip && youTubeVideoId(clip.youtubeEmbedUrl) === video) await store.updateClip(tx, id, { posterPath: poster, posterVideoId: video }, { touch: false });
      });
    })().catch((err: unknown) => options.logger?.warn({ err: (err as Error).message, clip: id }, "the clip's poster was not kept"));
  };

  return {
    async listProviders() {
      return (await store.listProviders(db)).map(toProvider);
    },
    async createProvider(input) {
      const icon = await uploads.resolveIcon(input.icon);
      const row = await writes.run(async (tx) => {
        const sortOrder = input.sortOrder ?? (await store.countPlusOne(tx, "providers"));
        const id = await store.insertProvider(tx, { name: input.name, url: input.url, icon, sortOrder });
        return store.findProvider(tx, id);
      });
      return toProvider(row!);
    },
    async updateProvider(id, input) {
      const { version, ...fields } = input;
      const values = defined({ ...fields, icon: fields.icon === undefined ? undefined : await uploads.resolveIcon(fields.icon) });
      requireSomething(values);
      const row = await writes.run(async (tx) => {
        const before = await store.findProvider(tx, id, { forUpdate: true });
        if (!before) throw notFound("Provider not found");
        if (version !== undefined && version !== before.version) throw staleVersion("provider");
        await store.updateProvider(tx, id, values);
        return store.findProvider(tx, id);
      });
      return toProvider(row!);
    },
    async deleteProvider(id) {
      await writes.run(async (tx) => {
        if (!(await store.deleteProvider(tx, id))) throw notFound("Provider not found");
      });
    },

    async listClips(options) {
      const clips = (await store.listClips(db, options)).map(toClip);
      return options.includeDrafts ? clips : clips.map(({ content: _article, ...summary }) => summary);
    },
    async getClipBySlug(slug, options) {
      // No stored slug can differ from the pattern, so anything else (a NUL byte, an escape)
      // is not found without asking the database.
      if (!SLUG_PATTERN.test(slug)) throw notFound("Clip not found");
      const clip = await store.findClipBySlug(db, slug, options);
      if (!clip) throw notFound("Clip not found");
      return toClip(clip);
    },
    async createClip(input) {
      const clip = await writes.run(async (tx) => {
        // One new clip at a time: two with one title get -2, never one slug.
        await lockOrdering(tx, "clips");
        const slug = await uniqueSlug(tx, "clips", { asked: input.slug || undefined, title: input.title });
        const sortOrder = input.sortOrder ?? (await store.nextSortOrder(tx, "clips"));
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
    async updateClip(id, input) {
      const { version, ...fields } = input;
      const { before, after } = await writes.run(async (tx) => {
        const existing = await store.findClip(tx, id, { forUpdate: true });
        if (!existing) throw notFound("Clip not found");
        if (version !== undefined && version !== existing.version) throw staleVersion("clip");
        // A blank slug in an edit means "derive it from the title", as in the form (docs/product.md §5).
        const slug =
          fields.slug === undefined ? undefined : await uniqueSlug(tx, "clips", { asked: fields.slug || undefined, title: fields.title ?? existing.title, exceptId: id });
        const values = defined({ ...fields, slug });
        requireSomething(values);
        await store.updateClip(tx, id, values);
        return { before: existing, after: (await store.findClip(tx, id))! };
      });
      if (youTubeVideoId(after.youtubeEmbedUrl) !== before.posterVideoId) fetchPoster(id, after.youtubeEmbedUrl);
      return toClip(after);
    },
    async deleteClip(id) {
      await writes.run(async (tx) => {
        if (!(await store.deleteClip(tx, id))) throw notFound("Clip not found");
      });
    },

    async swap(kind, id, withId) {
      if (id === withId) throw new AppError("VALIDATION", "Invalid request: an item cannot swap with itself");
      await writes.run(async (tx) => {
        if (!(await store.swapSortOrder(tx, kind, id, withId))) throw notFound("Item not found");
      });
    },
  };
}
