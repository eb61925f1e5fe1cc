import crypto from "node:crypto";
import type { Sharp } from "sharp";
import { lazily } from "../lib/lazy-require";
import { formatsOf, heightOf, objectIdOf, parseVariant, PICTURE_KINDS, PICTURE_MIME, type PictureFormat, type PictureKind } from "../../shared/pictures";
import type { Logger } from "../lib/logger";
import { safeFetch } from "../lib/safe-fetch";
import type { ObjectStore } from "../objects/store";
import type { UploadsService } from "./uploads";

const sharp = lazily<typeof import("sharp").default>("sharp");

/** No image the site shows needs more: a bigger one is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface PicturesService {
  /** Makes every variant of a stored image for a kind, so visitors never wait for one. */
  prepare(objectPath: string | null | undefined, kind: PictureKind): Promise<void>;
  /** One variant: from the store, or made now from the original and kept. Null when it cannot be. */
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
export function createPictures({ store, uploads, allowPrivate, logger }: { store: ObjectStore; uploads: UploadsService; allowPrivate: boolean; logger?: Logger }): PicturesService {
  const pending = new Map<string, Promise<{ data: Buffer; contentType: string } | null>>();

  const make = async (objectId: string, kind: PictureKind, width: number, format: PictureFormat) => {
    const original = await uploads.read(objectId);
    if (!original) return null;
    const data = await encode(
      sharp()(original.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize(width, heightOf(kind, width), { fit: "cover", position: "attention" }),
      format,
    ).toBuffer();
    return { data, contentType: PICTURE_MIME[format] };
  };

  const variant: PicturesService["variant"] = async (objectId, name) => {
    const parsed = parseVariant(name);
    if (!parsed) return null;
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
