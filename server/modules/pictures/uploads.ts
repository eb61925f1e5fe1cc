import crypto from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../platform/db/client";
import type { ServerKey } from "../../../shared/locales/parts";
import { AppError, words } from "../../platform/http/errors";
import { OBJECT_ID_PATTERN, type ObjectStore } from "../../platform/objects/store";
import { addObjectUse, claimPendingObject, completeObject, findObject, insertCompleteObject, insertPendingObject } from "./storage";
import { withoutMetadata } from "./image-metadata";
import { sanitizeSvg } from "../../platform/text/sanitize";

export const UPLOAD_MAX_BYTES = 5_242_880;
const UPLOAD_LIFETIME_MS = 10 * 60 * 1000;
const RASTER_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export interface UploadsService {
  createUpload(): Promise<{ uploadURL: string; objectId: string }>;
  receive(id: string, data: Buffer): Promise<{ objectPath: string; contentType: string; size: number }>;
  /** Turns a provider's icon into what is stored: `/objects/{id}` or an icon class name. */
  resolveIcon(icon: string): Promise<string>;
  /**
   * An uploaded image named by its upload address or /objects/{id}, as the /objects/{id} path
   * pages use; null when the value names no upload here (an address on the web, say).
   */
  resolveUpload(value: string, field: string): Promise<string | null>;
  /** Keeps an image the site fetched itself (a poster, a feed's artwork): /objects/{id}, or null when the bytes are not an image. */
  storeImage(data: Buffer): Promise<string | null>;
  /** The bytes as identified, and the kinds of picture the object is put to use as. */
  read(id: string): Promise<{ data: Buffer; contentType: string; usedFor: string[] } | null>;
  /** Records that the object is put to use as a kind of picture, so that kind's sizes may be made. */
  markUsed(id: string, kind: string): Promise<void>;
}

/**
 * What the bytes are, not what the request says: PNG, JPEG, GIF and WebP by their signatures;
 * SVG as text with an <svg> root, which then goes through the sanitiser.
 */
export async function identifyImage(data: Buffer): Promise<{ contentType: string; data: Buffer } | null> {
  const type = await fileTypeFromBuffer(data);
  if (type && RASTER_TYPES.has(type.mime)) return { contentType: type.mime, data };
  // XML is what file-type calls an SVG with an <?xml?> prologue; anything else is refused.
  if (type && type.mime !== "application/xml") return null;
  if (data.includes(0)) return null;
  const text = data.toString("utf8").replace(/^\uFEFF/, "");
  if (!startsWithSvgRoot(text)) return null;
  const clean = sanitizeSvg(text);
  return clean ? { contentType: "image/svg+xml", data: Buffer.from(clean, "utf8") } : null;
}

/**
 * Whether the first element of a text is <svg>, after an optional XML declaration, comments and
 * an SVG doctype. A linear scan: a regular expression for this backtracks badly on crafted input.
 */
export function startsWithSvgRoot(text: string): boolean {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const skipPast = (end: string) => {
    const at = text.indexOf(end, i);
    if (at === -1) return false;
    i = at + end.length;
    return true;
  };
  skipSpace();
  if (text.startsWith("<?xml", i) && !skipPast("?>")) return false;
  for (;;) {
    skipSpace();
    if (text.startsWith("<!--", i)) {
      if (!skipPast("-->")) return false;
    } else if (text.slice(i, i + 9).toUpperCase() === "<!DOCTYPE") {
      if (!skipPast(">")) return false;
    } else {
      break;
    }
  }
  return /^<svg[\s>]/i.test(text.slice(i, i + 5));
}

const ICON_CLASS = /^[A-Za-z][A-Za-z0-9 _:-]{0,99}$/;
const OBJECT_PATH = /^\/objects\/([0-9a-f-]{36})$/;
const UPLOAD_PATH = /\/(?:api\/objects\/uploads|uploads|objects)\/([0-9a-f-]{36})$/;

function uploadIdFromUrl(icon: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(icon, "http://placeholder.invalid").pathname;
  } catch {
    return null;
  }
  const id = UPLOAD_PATH.exec(pathname)?.[1];
  return id && OBJECT_ID_PATTERN.test(id) ? id : null;
}

const UNREADABLE = "upload.unreadable";

/** What the bytes are and, when they are a picture, the picture as it is kept: without its metadata. */
async function acceptImage(data: Buffer): Promise<{ contentType: string; data: Buffer } | "not-an-image" | "unreadable"> {
  const image = await identifyImage(data);
  if (!image) return "not-an-image";
  return (await withoutMetadata(image)) ?? "unreadable";
}

export function createUploadsService(db: Db, store: ObjectStore, clock: () => Date = () => new Date()): UploadsService {
  /** GCS uploads go straight to the bucket: check them the first time the app is told of them. */
  async function adoptExternalUpload(id: string): Promise<void> {
    const stored = store.readUpload ? await store.readUpload(id, UPLOAD_MAX_BYTES) : await store.read(id);
    if (!stored) throw new AppError("VALIDATION", "upload.iconUnfinished");
    if (stored === "too-large" || stored.data.length > UPLOAD_MAX_BYTES) {
      await store.removeUpload?.(id);
      throw new AppError("PAYLOAD_TOO_LARGE", "upload.iconTooLarge");
    }
    const image = await acceptImage(stored.data);
    if (typeof image === "string") {
      await store.removeUpload?.(id);
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", image === "unreadable" ? UNREADABLE : "upload.iconNotImage");
    }
    await store.write(id, image.data, image.contentType);
    await store.removeUpload?.(id);
    await completeObject(db, id, image.contentType, image.data.length);
  }

  return {
    async createUpload() {
      const id = crypto.randomUUID();
      const expiresAt = new Date(clock().getTime() + UPLOAD_LIFETIME_MS);
      await insertPendingObject(db, id, expiresAt);
      return { uploadURL: await store.createUploadUrl(id, expiresAt), objectId: id };
    },

    async receive(id, data) {
      if (!OBJECT_ID_PATTERN.test(id)) throw new AppError("NOT_FOUND", "upload.unknownAddress");
      const existing = await findObject(db, id);
      if (!existing) throw new AppError("NOT_FOUND", "upload.unknownAddress");
      if (!(await claimPendingObject(db, id))) {
        throw new AppError("GONE", "upload.addressUsed");
      }
      if (data.length > UPLOAD_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", "upload.fileTooLarge");
      if (data.length === 0) throw new AppError("VALIDATION", "upload.fileEmpty");
      const image = await acceptImage(data);
      if (typeof image === "string") {
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", image === "unreadable" ? UNREADABLE : "upload.fileNotImage");
      }
      await store.write(id, image.data, image.contentType);
      await completeObject(db, id, image.contentType, image.data.length);
      return { objectPath: `/objects/${id}`, contentType: image.contentType, size: image.data.length };
    },

    async resolveUpload(value, field) {
      const direct = OBJECT_PATH.exec(value)?.[1];
      const id = direct && OBJECT_ID_PATTERN.test(direct) ? direct : /[/:]/.test(value) ? uploadIdFromUrl(value) : null;
      if (!id) return null;
      const invalid = (problem: ServerKey) =>
        new AppError("VALIDATION", "error.fieldProblem", {
          values: { field, problem: words(problem) },
          errors: [{ path: field, message: words(problem) }],
        });
      const object = await findObject(db, id);
      if (!object) throw invalid("upload.noSuchUpload");
      if (object.status !== "complete") {
        if (store.kind === "local") throw invalid("upload.unfinished");
        await adoptExternalUpload(id);
      }
      return `/objects/${id}`;
    },

    async resolveIcon(icon) {
      const value = icon.trim();
      const uploaded = await this.resolveUpload(value, "icon");
      if (uploaded) return uploaded;
      if (ICON_CLASS.test(value)) return value;
      throw new AppError("VALIDATION", "error.fieldProblem", {
        values: { field: "icon", problem: words("upload.notIcon") },
        errors: [{ path: "icon", message: words("upload.notIcon") }],
      });
    },

    async storeImage(data) {
      if (data.length === 0 || data.length > UPLOAD_MAX_BYTES) return null;
      const image = await acceptImage(data);
      if (typeof image === "string") return null;
      const id = crypto.randomUUID();
      await store.write(id, image.data, image.contentType);
      await insertCompleteObject(db, id, image.contentType, image.data.length);
      return `/objects/${id}`;
    },

    async read(id) {
      if (!OBJECT_ID_PATTERN.test(id)) return null;
      const object = await findObject(db, id);
      if (!object || object.status !== "complete" || !object.contentType) return null;
      const stored = await store.read(id);
      // The type the server identified when it checked the bytes, never what a store says.
      return stored ? { data: stored.data, contentType: object.contentType, usedFor: object.usedFor } : null;
    },

    async markUsed(id, kind) {
      if (OBJECT_ID_PATTERN.test(id)) await addObjectUse(db, id, kind);
    },
  };
}
