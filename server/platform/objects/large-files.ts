import type { Readable } from "node:stream";

/**
 * Where large files live (the audition hand-ins, docs/decisions/014-audition-uploads.md): files
 * of any size, uploaded in parts and read in ranges, never held whole in memory. A separate key
 * space from the site's images: nothing here is ever served at /objects/{id}. Ids are UUIDs
 * (assertObjectId), so nothing else reaches a path or a bucket key.
 */
export interface LargeFileStore {
  readonly kind: "local" | "gcs";
  /** Starts a multipart upload of file `id`; answers the store's id for the upload. */
  beginUpload(id: string): Promise<string>;
  /**
   * The short-lived signed address the browser PUTs part `partNumber` to, straight to the bucket,
   * signed for exactly `bytes` bytes; null when the server takes the parts itself (writePart).
   */
  signPart(id: string, uploadId: string, partNumber: number, bytes: number, expiresAt: Date): Promise<string | null>;
  /** The signed address the browser lists the stored parts at; null when the server answers that itself. */
  signListParts(id: string, uploadId: string, expiresAt: Date): Promise<string | null>;
  /**
   * Parts the server takes itself (the local store): writes the body at `offset` as it arrives,
   * never holding it; "too-large" as soon as it passes `bytes`, "short" when it ends before,
   * "closed" when completing the upload began meanwhile (what it wrote is not in the file).
   */
  writePart?(id: string, offset: number, bytes: number, body: AsyncIterable<Buffer>): Promise<"ok" | "too-large" | "short" | "closed">;
  /**
   * The bytes the store holds for an upload whose parts do not pass through the server (the
   * bucket's), so an upload making progress is not taken for idle. Absent when writePart is there.
   */
  uploadedBytes?(id: string, uploadId: string): Promise<number>;
  /**
   * Joins the parts into the file. `partSizes`: the size each part must have, in order. Once it
   * has returned, no writer of a part can change the file (docs/product.md "No one can block or spoil
   * the hand-in"): its bytes are read and checked after that.
   */
  completeUpload(id: string, uploadId: string, partSizes: readonly number[]): Promise<void>;
  /** Drops an unfinished upload and its parts (a finished file is left alone). */
  abortUpload(id: string, uploadId: string): Promise<void>;
  /** The finished file's size, or null when there is none. */
  size(id: string): Promise<number | null>;
  /** Bytes `start` to `end` (inclusive) of the finished file, streamed. */
  read(id: string, start: number, end: number): Promise<Readable>;
  /** A finished file written from a stream (a restore), whole or not at all. */
  writeFrom(id: string, body: Readable): Promise<void>;
  /** Removes the finished file (and an upload's leftovers), if any. */
  remove(id: string): Promise<void>;
}
