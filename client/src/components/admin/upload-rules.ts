import { apiClient } from "@/lib/api-client";
import type { AdminKey, MessageValues } from "@/lib/i18n";

/** What the server accepts as an image (docs/product.md "Uploads"): the bytes decide there; this says why early. */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml"]);
const IMAGE_EXTENSIONS = /\.(?:png|jpe?g|gif|webp|svg)$/i;

/** What went wrong with an upload, as a message of the catalogue (the dialog says it in the admin's language). */
export interface UploadProblem {
  key: AdminKey;
  values?: MessageValues;
}

export const NOT_AN_IMAGE: UploadProblem = { key: "imageUpload.notAnImage" };
export const TOO_BIG: UploadProblem = { key: "imageUpload.tooBig" };

/** A single-use address an image's bytes are PUT to (docs/product.md "Uploads"). */
export const requestUploadUrl = () => apiClient.post<{ uploadURL: string }>("/api/objects/upload");

/** Why a chosen file cannot be uploaded as an image, or null when it can be tried. */
export function refusalOf(file: { name: string; type: string; size: number }, maxBytes: number): UploadProblem | null {
  const isImage = file.type ? IMAGE_TYPES.has(file.type) : IMAGE_EXTENSIONS.test(file.name);
  if (!isImage) return { key: "imageUpload.fileNotAnImage", values: { name: file.name } };
  if (file.size > maxBytes) return { key: "imageUpload.fileTooBig", values: { name: file.name } };
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
export function uploadErrorMessage(failure: UploadFailure): UploadProblem {
  const { status } = failure;
  if (status === 413) return TOO_BIG;
  if (status === 415) return NOT_AN_IMAGE;
  if (status === 401) return { key: "imageUpload.loggedOut" };
  if (status === 410) return { key: "imageUpload.expired" };
  if (status === 507) return { key: "imageUpload.diskFull" };
  if (!status || /network/i.test(`${failure.name ?? ""} ${failure.message}`)) return { key: "imageUpload.connectionLost" };
  // The server's own message, as it said it.
  const said = serverMessage(failure.body);
  return said ? { key: "imageUpload.notSaved", values: { reason: said } } : { key: "imageUpload.serverBusy" };
}
