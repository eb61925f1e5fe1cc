import crypto from "node:crypto";
import type { Sharp } from "sharp";
import { lazily } from "../../platform/runtime/lazy-require";
import {
  formatsOf,
  heightOf,
  objectIdOf,
  parseVariant,
  PICTURE_KINDS,
  PICTURE_MIME,
  type PictureFormat,
  type PictureKind,
} from "../../../shared/pictures";
import type { Logger } from "../../platform/runtime/logger";
import { safeFetch } from "../../platform/net/safe-fetch";
import { OBJECT_ID_PATTERN, type ObjectStore } from "../../platform/objects/store";
import { MAX_INPUT_PIXELS } from "./image-metadata";
import { sanitizeSvg } from "../../platform/text/sanitize";
import type { UploadsService } from "./uploads";

const sharp = lazily<typeof import("sharp").default>("sharp");

/**
 * A backstop, not the bound: libvips checks it between the parts of an image it computes, so a
 * render always ends and a shutdown never waits on one for long; an SVG is drawn in one part,
 * which is why filters never reach it (sanitizeSvg) and only the kinds an object is used for
 * are made.
 */
const RENDER_SECONDS = 20;

export interface PicturesService {
  /**
   * Records that a stored image is put to use as a kind and makes every variant of it for that
   * kind, so visitors never wait for one. Only the kinds an image was prepared for are made later.
   */
  prepare(objectPath: string | null | undefined, kind: PictureKind): Promise<void>;
  /**
   * One variant: from the store, or made now from the original and kept, when the original is
   * used for the variant's kind. Null when it cannot be.
   */
  variant(objectId: string, name: string): Promise<{ data: Buffer; contentType: string } | null>;
  /**
   * An image on another host (a video's thumbnail, a feed's artwork) fetched through the safe
   * fetcher and stored here: /objects/{id}, or null when it cannot be read or is not an image.
   */
  adopt(url: string): Promise<string | null>;
}

/** A variant's object id: made from the original's id and the variant's name, so it is found again. */
const variantIdOf = (objectId: string, name: string) => {
  const h = crypto.createHash("sha256").update(`variant:${objectId}:${name}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/**
 * The pipeline that makes one variant. An SVG is sanitised again first: one stored before a rule
 * was added (filters, whose cost a few bytes can make unbounded) is drawn by today's rules.
 */
export function variantPipeline(
  original: { data: Buffer; contentType: string },
  kind: PictureKind,
  width: number,
  format: PictureFormat,
): Sharp | null {
  let input = original.data;
  if (original.contentType === "image/svg+xml") {
    const clean = sanitizeSvg(input.toString("utf8"));
    if (!clean) return null;
    input = Buffer.from(clean, "utf8");
  }
  return encode(
    sharp()(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .timeout({ seconds: RENDER_SECONDS })
      .rotate()
      .resize(width, heightOf(kind, width), { fit: "cover", position: "attention" }),
    format,
  );
}

function encode(image: Sharp, format: PictureFormat): Sharp {
  switch (format) {
    case "avif":
      return image.avif({ quality: 55, effort: 2 });
    case "webp":
      return image.webp({ quality: 78 });
    case "jpeg":
      return image.jpeg({ quality: 82, mozjpeg: true });
    case "png":
      return image.png({ compressionLevel: 9 });
  }
}

/**
 * The sizes and formats of the images the owner puts on the site (docs/decisions/010-owner-images.md),
 * made with sharp (libvips, off the event loop) and kept in the object store beside the
 * original, which is kept as it was.
 */
export function createPictures({
  store,
  uploads,
  allowPrivate,
  logger,
}: {
  store: ObjectStore;
  uploads: UploadsService;
  allowPrivate: boolean;
  logger?: Logger;
}): PicturesService {
  const pending = new Map<string, Promise<{ data: Buffer; contentType: string } | null>>();

  const make = async (objectId: string, kind: PictureKind, width: number, format: PictureFormat) => {
    const original = await uploads.read(objectId);
    // A visitor may not have any object drawn at any size: only the kinds it is used for.
    if (!original || !original.usedFor.includes(kind)) return null;
    const pipeline = variantPipeline(original, kind, width, format);
    if (!pipeline) return null;
    return { data: await pipeline.toBuffer(), contentType: PICTURE_MIME[format] };
  };

  const variant: PicturesService["variant"] = async (objectId, name) => {
    const parsed = parseVariant(name);
    // Anything but an object's id or a variant's name names nothing (never a path).
    if (!parsed || !OBJECT_ID_PATTERN.test(objectId)) return null;
    const id = variantIdOf(objectId, name);
    const kept = await store.read(id).catch(() => null);
    if (kept) return { data: kept.data, contentType: PICTURE_MIME[parsed.format] };
    let job = pending.get(id);
    if (!job) {
      job = make(objectId, parsed.kind, parsed.width, parsed.format)
        .then(async (made) => {
          if (made) await store.write(id, made.data, made.contentType);
          return made;
        })
        .catch((err: unknown) => {
          logger?.warn({ err: (err as Error).message, objectId, name }, "an image variant could not be made");
          return null;
        })
        .finally(() => pending.delete(id));
      pending.set(id, job);
    }
    return job;
  };

  return {
    variant,
    async prepare(objectPath, kind) {
      const objectId = objectIdOf(objectPath);
      if (!objectId) return;
      await uploads.markUsed(objectId, kind);
      for (const width of PICTURE_KINDS[kind].widths) {
        for (const format of formatsOf(kind)) await variant(objectId, `${kind}-${width}.${format}`);
      }
    },
    async adopt(url) {
      try {
        const res = await safeFetch(url, { maxBytes: 5 * 1024 * 1024, timeoutMs: 20_000, allowPrivate, accept: "image/*" });
        return res.status === "ok" ? await uploads.storeImage(res.body) : null;
      } catch (err) {
        logger?.info({ err: (err as Error).message, url }, "an image could not be fetched");
        return null;
      }
    },
  };
}

/**
 * The site's 32 px icon as a PNG, for /favicon.ico: the show's artwork's icon when it has one
 * (the variant its pages link), else the shipped default icon (`defaultSvg`), drawn once.
 */
export function createFaviconSource({
  pictures,
  defaultSvg,
}: {
  pictures: PicturesService;
  defaultSvg: () => Buffer;
}): (artwork: string | null) => Promise<Buffer> {
  let drawn: Promise<Buffer> | undefined;
  const shipped = () =>
    (drawn ??= sharp()(defaultSvg())
      .resize(32, 32)
      .png({ compressionLevel: 9 })
      .toBuffer()
      .catch((err: unknown) => {
        drawn = undefined;
        throw err;
      }));
  return async (artwork) => {
    const id = objectIdOf(artwork);
    const own = id ? await pictures.variant(id, "icon-32.png") : null;
    return own ? own.data : shipped();
  };
}
