import { apiClient } from "./api-client";

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

/** The server's refusals in words (413 too big, 415 not an image); anything else as it came. */
export function uploadErrorMessage(status: number | undefined, fallback: string): string {
  if (status === 413) return TOO_BIG;
  if (status === 415) return NOT_AN_IMAGE;
  if (status === 401) return "Authorization required: log in again, then retry.";
  return `Upload failed: ${fallback}`;
}
