import type { Readable } from "node:stream";
import type { Storage } from "@google-cloud/storage";
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import type { LargeFileStore } from "./large-files";
import { assertObjectId } from "./store";

/**
 * Large files in Google Cloud Storage, through its S3-compatible XML API: the browser PUTs each
 * part straight to the bucket through a V4 address signed here (no network call) for that part's
 * exact size, so the bytes never pass through the app and a part cannot be larger than declared.
 * The app itself starts, lists, completes and aborts uploads and reads files, with the library's
 * own credentials (`storage.authClient`).
 */
export function createGcsLargeFiles(storage: Storage, bucketName: string, prefix = "auditions/"): LargeFileStore {
  const bucket = storage.bucket(bucketName);
  const keyOf = (id: string) => {
    assertObjectId(id);
    return `${prefix}${id}`;
  };
  const urlOf = (id: string, query = "") => `${storage.apiEndpoint}/${bucketName}/${keyOf(id)}${query}`;
  const xml = new XMLParser({ parseTagValue: false });
  const request = async <T = string>(options: {
    url: string;
    method: "GET" | "HEAD" | "POST" | "PUT" | "DELETE";
    headers?: Record<string, string>;
    data?: unknown;
    responseType?: "text" | "stream";
    validateStatus?: (status: number) => boolean;
  }) => storage.authClient.request<T>({ responseType: "text", ...options });

  /** The parts the bucket holds for an upload, in order. */
  async function listParts(id: string, uploadId: string): Promise<{ PartNumber: string; ETag: string; Size: string }[]> {
    const res = await request({ url: urlOf(id, `?uploadId=${encodeURIComponent(uploadId)}&max-parts=1000`), method: "GET" });
    const parsed = xml.parse(res.data) as { ListPartsResult?: { Part?: unknown } };
    const parts = parsed.ListPartsResult?.Part;
    const list = (Array.isArray(parts) ? parts : parts ? [parts] : []) as { PartNumber: string; ETag: string; Size: string }[];
    return list.sort((a, b) => Number(a.PartNumber) - Number(b.PartNumber));
  }

  return {
    kind: "gcs",
    async beginUpload(id) {
      const res = await request({ url: urlOf(id, "?uploads"), method: "POST", headers: { "content-type": "application/octet-stream" } });
      const parsed = xml.parse(res.data) as { InitiateMultipartUploadResult?: { UploadId?: string } };
      const uploadId = parsed.InitiateMultipartUploadResult?.UploadId;
      if (!uploadId) throw new Error("the bucket did not start the upload");
      return uploadId;
    },
    async signPart(id, uploadId, partNumber, bytes, expiresAt) {
      const [url] = await bucket.file(keyOf(id)).getSignedUrl({
        version: "v4",
        action: "write",
        expires: expiresAt,
        queryParams: { partNumber: String(partNumber), uploadId },
        // Signed: the bucket refuses a part of any other length.
        extensionHeaders: { "content-length": String(bytes) },
      });
      return url;
    },
    async signListParts(id, uploadId, expiresAt) {
      const [url] = await bucket
        .file(keyOf(id))
        .getSignedUrl({ version: "v4", action: "read", expires: expiresAt, queryParams: { uploadId } });
      return url;
    },
    async uploadedBytes(id, uploadId) {
      return (await listParts(id, uploadId)).reduce((sum, p) => sum + Number(p.Size), 0);
    },
    // The bucket makes the object from the parts listed here, by their ETags: a part still being
    // sent replaces its part with another ETag, so the completion fails rather than take it, and
    // a part that arrives after it finds no upload. The object, once made, no writer changes.
    async completeUpload(id, uploadId, partSizes) {
      const parts = await listParts(id, uploadId);
      const complete =
        parts.length === partSizes.length && parts.every((p, i) => Number(p.PartNumber) === i + 1 && Number(p.Size) === partSizes[i]);
      if (!complete) throw new Error("the bucket does not hold every part at its size");
      const body = new XMLBuilder({}).build({
        CompleteMultipartUpload: { Part: parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })) },
      }) as string;
      await request({
        url: urlOf(id, `?uploadId=${encodeURIComponent(uploadId)}`),
        method: "POST",
        data: body,
        headers: { "content-type": "application/xml" },
      });
    },
    async abortUpload(id, uploadId) {
      await request({
        url: urlOf(id, `?uploadId=${encodeURIComponent(uploadId)}`),
        method: "DELETE",
        validateStatus: (s) => (s >= 200 && s < 300) || s === 404,
      });
    },
    async size(id) {
      const res = await request({ url: urlOf(id), method: "HEAD", validateStatus: (s) => (s >= 200 && s < 300) || s === 404 });
      if (res.status === 404) return null;
      const length = res.headers["x-goog-stored-content-length"] ?? res.headers["content-length"];
      return Number(length);
    },
    async read(id, start, end) {
      const res = await request<Readable>({
        url: urlOf(id),
        method: "GET",
        responseType: "stream",
        headers: { range: `bytes=${start}-${end}` },
      });
      return res.data;
    },
    async writeFrom(id, body) {
      // One request: the object appears whole or not at all.
      await request({ url: urlOf(id), method: "PUT", data: body, headers: { "content-type": "application/octet-stream" } });
    },
    async remove(id) {
      await request({ url: urlOf(id), method: "DELETE", validateStatus: (s) => (s >= 200 && s < 300) || s === 404 });
    },
  };
}
