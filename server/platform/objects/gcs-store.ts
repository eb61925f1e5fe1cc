import type { Storage } from "@google-cloud/storage";
import { assertObjectId, type ObjectStore } from "./store";

/** What `read` answers, or null when the bucket has no such file (its 404). */
async function nullWhenMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if ((err as { code?: number }).code === 404) return null;
    throw err;
  }
}

/**
 * Google Cloud Storage: the browser PUTs straight to the bucket through a V4 signed URL, which
 * is signed locally with the service account's key (no network call).
 */
export function createGcsStore(storage: Storage, bucketName: string, prefix = "objects/", uploadPrefix = "uploads/"): ObjectStore {
  const bucket = storage.bucket(bucketName);
  const fileOf = (id: string) => {
    assertObjectId(id);
    return bucket.file(`${prefix}${id}`);
  };
  const uploadOf = (id: string) => {
    assertObjectId(id);
    return bucket.file(`${uploadPrefix}${id}`);
  };

  return {
    kind: "gcs",
    async createUploadUrl(id, expiresAt) {
      const [url] = await uploadOf(id).getSignedUrl({ version: "v4", action: "write", expires: expiresAt });
      return url;
    },
    async write(id, data, contentType) {
      // resumable: false makes this one request, so the object appears whole or not at all.
      await fileOf(id).save(data, { contentType, resumable: false, metadata: { cacheControl: "private, max-age=0" } });
    },
    async read(id) {
      const file = fileOf(id);
      return nullWhenMissing(async () => {
        const [[data], [metadata]] = await Promise.all([file.download(), file.getMetadata()]);
        return { data, contentType: metadata.contentType ?? "application/octet-stream" };
      });
    },
    async remove(id) {
      await fileOf(id).delete({ ignoreNotFound: true });
    },
    async readUpload(id, maxBytes) {
      const file = uploadOf(id);
      return nullWhenMissing(async () => {
        const [metadata] = await file.getMetadata();
        if (Number(metadata.size ?? 0) > maxBytes) return "too-large" as const;
        const [data] = await file.download();
        return { data, contentType: metadata.contentType ?? "application/octet-stream" };
      });
    },
    async removeUpload(id) {
      await uploadOf(id).delete({ ignoreNotFound: true });
    },
  };
}
