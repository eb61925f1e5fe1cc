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
import { SLUG_PATTERN, slugify } from "../../shared/slug";
import type { Db } from "../db/client";
import { AppError, notFound } from "../lib/errors";
import type { Logger } from "../lib/logger";
import * as store from "../storage/content";
import type { PicturesService } from "./pictures";
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

export function createContentService(db: Db, uploads: UploadsService, onChange: (kind: Kind) => void = () => {}, options: ContentOptions = {}): ContentService {
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
      const clip = await store.findClip(db, id);
      if (clip && youTubeVideoId(clip.youtubeEmbedUrl) === video) {
        await store.updateClip(db, id, { posterPath: poster, posterVideoId: video }, { touch: false });
        onChange("clips");
      }
    })().catch((err: unknown) => options.logger?.warn({ err: (err as Error).message, clip: id }, "the clip's poster was not kept"));
  };

  async function uniqueSlugFor(input: { slug?: string; title?: string }, exceptId?: number): Promise<string | undefined> {
    if (input.slug === undefined && input.title === undefined) return undefined;
    const slug = input.slug || (input.title !== undefined ? slugify(input.title) : undefined);
    if (slug === undefined) return undefined;
    if (!slug) {
      throw new AppError("VALIDATION", "Invalid request: slug cannot be made from this title; give a slug", {
        errors: [{ path: "slug", message: "cannot be made from the title" }],
      });
    }
    if (await store.isSlugTaken(db, slug, exceptId)) {
      throw new AppError("CONFLICT", `Another clip already uses the slug '${slug}'`, {
        errors: [{ path: "slug", message: "is already used by another clip" }],
      });
    }
    return slug;
  }

  const mustExist = async <T>(row: T | null, what: string): Promise<T> => {
    if (!row) throw notFound(`${what} not found`);
    return row;
  };

  return {
    async listProviders() {
      return (await store.listProviders(db)).map(toProvider);
    },
    async createProvider(input) {
      const icon = await uploads.resolveIcon(input.icon);
      const sortOrder = input.sortOrder ?? (await store.countPlusOne(db, "providers"));
      const id = await store.insertProvider(db, { name: input.name, url: input.url, icon, sortOrder });
      onChange("providers");
      return toProvider((await store.findProvider(db, id))!);
    },
    async updateProvider(id, input) {
      const values = defined({ ...input, icon: input.icon === undefined ? undefined : await uploads.resolveIcon(input.icon) });
      requireSomething(values);
      if (!(await store.updateProvider(db, id, values))) throw notFound("Provider not found");
      onChange("providers");
      return toProvider(await mustExist(await store.findProvider(db, id), "Provider"));
    },
    async deleteProvider(id) {
      if (!(await store.deleteProvider(db, id))) throw notFound("Provider not found");
      onChange("providers");
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
      const slug = (await uniqueSlugFor({ slug: input.slug, title: input.title }))!;
      const sortOrder = input.sortOrder ?? (await store.nextSortOrder(db, "clips"));
      const id = await store.insertClip(db, {
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
      onChange("clips");
      fetchPoster(id, input.youtubeEmbedUrl);
      return toClip((await store.findClip(db, id))!);
    },
    async updateClip(id, input) {
      const existing = await mustExist(await store.findClip(db, id), "Clip");
      // A blank slug in an edit means "derive it from the title", as in the form (docs/product.md §5).
      const slug =
        input.slug === undefined
          ? undefined
          : await uniqueSlugFor({ slug: input.slug, title: input.title ?? existing.title }, id);
      const values = defined({ ...input, slug });
      requireSomething(values);
      if (!(await store.updateClip(db, id, values))) throw notFound("Clip not found");
      onChange("clips");
      const updated = await mustExist(await store.findClip(db, id), "Clip");
      if (youTubeVideoId(updated.youtubeEmbedUrl) !== existing.posterVideoId) fetchPoster(id, updated.youtubeEmbedUrl);
      return toClip(updated);
    },
    async deleteClip(id) {
      if (!(await store.deleteClip(db, id))) throw notFound("Clip not found");
      onChange("clips");
    },

    async swap(kind, id, withId) {
      if (id === withId) throw new AppError("VALIDATION", "Invalid request: an item cannot swap with itself");
      if (!(await store.swapSortOrder(db, kind, id, withId))) throw notFound("Item not found");
      onChange(kind);
    },
  };
}
