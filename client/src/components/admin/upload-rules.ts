import { apiClient } from "@/lib/api-client";

/** What the server accepts as an image (docs/product.md "Uploads"): the bytes decide there; this says why early. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]);
const IMAGE_EXTENSIONS = /\.(?:png|jpe?g|gif|webp|svg)$/i;

export const NOT_AN_IMAGE = "This file is not a PNG, JPEG, GIF, WebP or SVG image.";
export const TOO_BIG = "This file is over 5 MB: choose an image of up to 5 MB.";

/** A single-use address an image's bytes are PUT to (docs/product.md "Uploads"). */
export const requestUploadUrl = () => apiClient.post<{ uploadURL: string }>("/api/objects/upload");

/** Why a chosen file cannot be uploaded as an image, or null when it can be tried. */
export function refusalOf(file: { name: string; type: string; size: number }, maxBytes: number): string | null {
  const isImage = file.type ? IMAGE_TYPES.has(file.type) : IMAGE_EXTENSIONS.test(file.name);
  if (!isImage) return `${file.name}: ${NOT_AN_IMAGE}`;
  if (file.size > maxBytes) return `${file.name}: ${TOO_BIG}`;
  return null;
}

/** What an upload's failure carries: Uppy's S3 client puts the answer's status and body on the error. */
export interface UploadFailure {
  status?: number;
  body?: unknown;
  name?: string;
  message: string;
}

/** The message of this site's JSON error answer ({message}), when the body is one. */
function serverMessage(body: unknown): string | null {
  if (typeof body !== "string") return null;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    return typeof parsed.message === "string" && parsed.message.length < 300 ? parsed.message : null;
  } catch {
    return null;
  }
}

/**
 * Why an upload failed, in the owner's words: the server's refusals as they are meant (413 too
 * big, 415 not an image, 410 an address that expired, 507 a full disk), a lost connection as
 * one, and anything else with the server's own message, never the uploader's internals.
 */
export function uploadErrorMessage(failure: UploadFailure): string {
  const { status } = failure;
  if (status === 413) return TOO_BIG;
  if (status === 415) return NOT_AN_IMAGE;
  if (status === 401) return "You were logged out: log in again, then retry.";
  if (status === 410) return "The upload took too long and its address expired: press Retry.";
  if (status === 507) return "The server's disk is full: the image was not saved. Free some space, then retry.";
  if (!status || /network/i.test(`${failure.name ?? ""} ${failure.message}`))
    return "The connection was lost during the upload: check it, then press Retry.";
  const said = serverMessage(failure.body);
  return said ? `The image was not saved: ${said}` : "The server could not take the image just now: press Retry in a moment.";
}
