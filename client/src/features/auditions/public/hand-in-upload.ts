import AwsS3 from "@uppy/aws-s3";
import Uppy, { type UppyFile } from "@uppy/core";
import { AUDIO_EXTENSIONS, HAND_IN_LIMITS, partCountOf, partSizeFor, SIGN_BATCH, type HandInUpload } from "@shared/auditions";
import { apiClient, isApiError } from "@/lib/api-client";
import type { Translate } from "@/lib/i18n";
import { keptForAnHour, textFields } from "@/lib/kept-for-an-hour";

/**
 * The hand-in's upload (docs/decisions/014-audition-uploads.md): Uppy's S3 uploader in its
 * multipart mode, which asks the site for each address it sends to. The site starts the upload
 * itself (the code checked, the type decided by the first bytes), so the uploader only ever
 * resumes one: it lists the parts stored, sends the rest, and completes. This module, Uppy
 * included, loads only after the page is unlocked.
 */
type HandInFile = UppyFile<Record<string, unknown>, Record<string, never>>;

/** The upload under way, the file's size and the code that started it, which the completion presents again. */
export interface HandInSession {
  upload: HandInUpload;
  size: number;
  code: string;
}

type Address = { url: string; headers?: Record<string, string> };
/** Addresses asked for ahead are used within this time (the site's last 15 minutes). */
const ADDRESS_USE_MS = 10 * 60 * 1000;

const AUDIO_ACCEPT = [...AUDIO_EXTENSIONS, "audio/*"];
const absolute = (url: string) => new URL(url, window.location.origin).href;

/** `onRefused` hears the name of a file that is not audio (null when it has none), for the form to say so. */
export function createHandInUppy(session: () => HandInSession | null, onRefused: (fileName: string | null) => void) {
  // Part addresses asked for in batches, each used once: one round trip for the next 20 parts.
  const ahead = new Map<string, Address & { at: number }>();
  const uppy = new Uppy({
    id: "audition-hand-in",
    autoProceed: false,
    // The picker offers audio files; the site decides by the bytes.
    restrictions: { maxNumberOfFiles: 1, allowedFileTypes: AUDIO_ACCEPT },
    onBeforeFileAdded: (file) => {
      const name = (file.name ?? "").toLowerCase();
      const looksAudio = (file.type ?? "").startsWith("audio/") || AUDIO_EXTENSIONS.some((ext) => name.endsWith(ext));
      if (!looksAudio) onRefused(file.name ?? null);
      return looksAudio;
    },
  }).use(AwsS3, {
    shouldUseMultipart: true,
    // The server cuts the same parts (shared/auditions.ts), and checks each one's size.
    getChunkSize: (file) => partSizeFor(file.size),
    limit: 1,
    signRequest: async (request) => {
      const current = session();
      if (!current) throw new Error("The hand-in has not started");
      const { id, token } = current.upload;
      const auth = { "x-upload-token": token };
      const sign = (body: object) =>
        apiClient.post<{ url: string; headers?: Record<string, string> }>(`/api/editors/hand-ins/${id}/sign`, body, auth);
      if (request.method === "PUT" && "partNumber" in request) {
        const key = (n: number) => `${current.upload.uploadId}:${n}`;
        let address = ahead.get(key(request.partNumber));
        if (!address || Date.now() - address.at > ADDRESS_USE_MS) {
          const last = Math.min(partCountOf(current.size, current.upload.partSize), request.partNumber + SIGN_BATCH - 1);
          const partNumbers = Array.from({ length: last - request.partNumber + 1 }, (_, i) => request.partNumber + i);
          const { addresses } = await apiClient.post<{ addresses: (Address & { partNumber: number })[] }>(
            `/api/editors/hand-ins/${id}/sign`,
            { partNumbers },
            auth,
          );
          for (const a of addresses) ahead.set(key(a.partNumber), { url: a.url, headers: a.headers, at: Date.now() });
          address = ahead.get(key(request.partNumber))!;
        }
        ahead.delete(key(request.partNumber));
        return { url: absolute(address.url), headers: address.headers };
      }
      if (request.method === "GET") {
        const signed = await sign({ list: true });
        return { url: absolute(signed.url), headers: signed.headers };
      }
      if (request.method === "POST" && "uploadId" in request) {
        // The end of the upload: the code goes along to be checked once more.
        return {
          url: absolute(`/api/editors/hand-ins/${id}/complete`),
          headers: { ...auth, "x-audition-code": encodeURIComponent(current.code) },
        };
      }
      if (request.method === "DELETE") return { url: absolute(`/api/editors/hand-ins/${id}`), headers: auth };
      throw new Error("The site starts the hand-in's upload itself");
    },
  });
  // A file the picker's filter would not offer, dropped in anyway: said in the site's words.
  uppy.on("restriction-failed", (file) => {
    onRefused(file?.name ?? null);
    uppy.hideInfo();
  });
  return uppy;
}

export type HandInUppy = ReturnType<typeof createHandInUppy>;

/**
 * Where a chosen file's upload can resume, kept for the hour as the rest of the hand-in is
 * (kept-hand-in.ts; the site drops an idle upload sooner anyway), under the file's identity across
 * a reload of the page: the same file chosen again resumes its upload.
 */
const keptUpload = (file: HandInFile) =>
  keptForAnHour<HandInUpload>(
    `audition-hand-in:${file.name ?? ""}:${file.size ?? 0}:${(file.data as File | undefined)?.lastModified ?? 0}`,
    (value) => textFields("id", "token", "uploadId", "key")(value) && typeof value.partSize === "number",
  );

export const forgetUpload = (file: HandInFile): void => keptUpload(file).forget();

async function base64Head(data: Blob): Promise<string> {
  const bytes = new Uint8Array(await data.slice(0, HAND_IN_LIMITS.headBytes).arrayBuffer());
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

/**
 * Starts the hand-in's upload on the site, or picks up the one this browser began for the same
 * file (after a reload or a lost connection); answers whether it resumed. Throws the site's
 * refusal (an ApiError whose message says why).
 */
export async function beginHandIn(
  uppy: HandInUppy,
  file: HandInFile,
  fields: { code: string; name: string; email: string; notes: string },
): Promise<{ session: HandInSession; resumed: boolean }> {
  const saved = keptUpload(file).read();
  if (saved) {
    try {
      const upload = await apiClient.post<HandInUpload>(
        `/api/editors/hand-ins/${saved.id}/resume`,
        { code: fields.code },
        { "x-upload-token": saved.token },
      );
      uppy.setFileState(file.id, { s3Multipart: { uploadId: upload.uploadId, key: upload.key } });
      return { session: { upload, size: (file.data as Blob).size, code: fields.code }, resumed: true };
    } catch (error) {
      // Gone or someone else's: start afresh. A refused code, or an edit already handed in, is said as it is.
      if (isApiError(error, "UNAUTHORIZED") || isApiError(error, "TOO_MANY_REQUESTS")) throw error;
      forgetUpload(file);
      if (isApiError(error, "CONFLICT")) throw error;
    }
  }
  const data = file.data as Blob;
  const upload = await apiClient.post<HandInUpload>("/api/editors/hand-ins", {
    ...fields,
    fileName: file.name ?? "edit",
    size: data.size,
    head: await base64Head(data),
  });
  keptUpload(file).keep(upload);
  uppy.setFileState(file.id, { s3Multipart: { uploadId: upload.uploadId, key: upload.key } });
  return { session: { upload, size: data.size, code: fields.code }, resumed: false };
}

/** What a failed part, list or completion carries: the status and body of the answer, or none (no connection). */
interface UploadFailure {
  status?: number;
  body?: unknown;
  name?: string;
  message?: string;
}

/** Why the upload stopped, in the candidate's words: the site's own message when it refused, else what to do. */
export function handInErrorMessage(t: Translate, failure: UploadFailure): string {
  if (typeof failure.body === "string") {
    try {
      const parsed = JSON.parse(failure.body) as { message?: unknown };
      if (typeof parsed.message === "string" && parsed.message.length < 400) return parsed.message;
    } catch {
      /* the bucket's XML, or nothing: fall through */
    }
  }
  if (!failure.status) return t("handIn.connectionLost");
  if (failure.status === 403) return t("handIn.addressExpired");
  return t("handIn.uploadStopped");
}

/** A file that is not audio, refused before it is sent (the site refuses one that gets past this in its own words). */
export function notAudioMessage(t: Translate, fileName: string | null): string {
  return fileName === null ? t("handIn.notAudioUnnamed") : t("handIn.notAudio", { fileName });
}
