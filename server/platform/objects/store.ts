/**
 * Where uploaded files live (docs/product.md "Uploads"). The app talks only to this interface, so a
 * deployment picks local disk or Google Cloud Storage with STORAGE and nothing else changes.
 */
export interface StoredObject {
  data: Buffer;
  contentType: string;
}

export interface ObjectStore {
  readonly kind: "local" | "gcs";
  /** The address the browser PUTs the raw bytes to. */
  createUploadUrl(id: string, expiresAt: Date): Promise<string>;
  /** Writes whole or not at all: a reader never sees a partial file. */
  write(id: string, data: Buffer, contentType: string): Promise<void>;
  read(id: string): Promise<StoredObject | null>;
  remove(id: string): Promise<void>;
  /**
   * Stores the browser uploads to directly (GCS): the raw upload, kept apart from the checked
   * copy, so a signed address can never overwrite what the site serves. "too-large" without
   * downloading it.
   */
  readUpload?(id: string, maxBytes: number): Promise<StoredObject | "too-large" | null>;
  removeUpload?(id: string): Promise<void>;
}

/** Object ids are UUIDs; nothing else ever reaches a file system path or a bucket key. */
export const OBJECT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertObjectId(id: string): void {
  if (!OBJECT_ID_PATTERN.test(id)) throw new Error(`not an object id: ${JSON.stringify(id)}`);
}
