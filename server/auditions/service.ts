import crypto from "node:crypto";
import type { Readable } from "node:stream";
import {
  HAND_IN_LIMITS,
  HAND_IN_MESSAGES,
  HAND_INS_PER_CODE,
  partBytes,
  partCountOf,
  partSizeFor,
  type Audition,
  type AuditionStatus,
  type HandInInput,
  type HandInUpload,
} from "../../shared/auditions";
import type { Db } from "../db/client";
import { AppError } from "../lib/errors";
import type { Logger } from "../lib/logger";
import type { LargeFileStore } from "../objects/large-files";
import { OBJECT_ID_PATTERN } from "../objects/store";
import { durationOf, identifyAudio } from "./audio";
import {
  countForCode,
  deleteAudition,
  findAudition,
  insertAudition,
  listCompleteAuditions,
  listExpiredUploads,
  markComplete,
  recordPart,
  setAuditionStatus,
  usedBytes,
  withHandInLock,
  type AuditionRow,
} from "./storage";

/** An upload not finished within a day is removed, parts and all (docs/product.md "Audition hand-in"). */
const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A part's or a list's address lives this long: enough for one 5 MiB part on a slow line, and its retries. */
const ADDRESS_LIFETIME_MS = 15 * 60 * 1000;
/** How much of a finished file is read to find its length: headers only. */
const DURATION_PROBE_BYTES = 4 * 1024 * 1024;

interface AuditionLimits {
  /** The largest file, in bytes (AUDITION_MAX_MB). */
  maxBytes: number;
  /** All hand-ins and uploads under way together, in bytes (AUDITION_QUOTA_GB). */
  quotaBytes: number;
}

export interface AuditionsDeps {
  db: Db;
  files: LargeFileStore;
  /** The audition code's check (settings): the candidate's number, or null. */
  checkCode(code: string): Promise<string | null>;
  /** Signs the addresses the server takes parts at (the session secret). */
  secret: string;
  limits: AuditionLimits;
  logger?: Logger;
  clock?: () => Date;
}

/** Where a browser sends a request of an upload: a signed address, and the headers it must carry. */
interface UploadAddress {
  url: string;
  headers?: Record<string, string>;
}

/** What a part's address says, signed: where the part goes in the file and how long it is, until when. */
interface PartQuery {
  offset: string;
  bytes: string;
  expires: string;
  signature: string;
}

/** A finished hand-in's file, for the owner's player and download. */
interface AuditionFile {
  fileName: string;
  contentType: string;
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

export interface AuditionsService {
  /** Checks the code, the size, the type (by the first bytes), the per-code limit and the quota; starts the upload. */
  start(input: HandInInput): Promise<HandInUpload>;
  /** The same upload again, after a reload or a lost connection: the code is checked again. */
  resume(id: string, token: string, code: string): Promise<HandInUpload>;
  /** A part's address (the bucket's, signed, or the server's own), or the list's. */
  sign(id: string, token: string, request: { partNumber: number } | { list: true }): Promise<UploadAddress>;
  /** Several parts' addresses at once. */
  signParts(id: string, token: string, partNumbers: readonly number[]): Promise<(UploadAddress & { partNumber: number })[]>;
  /** A part the server takes itself (the local store), at an address sign() gave. */
  receivePart(id: string, partNumber: number, query: PartQuery, body: AsyncIterable<Buffer>): Promise<string>;
  /** The parts the server holds, for the browser to skip on resuming. */
  listParts(id: string, token: string): Promise<{ partNumber: number; etag: string }[]>;
  /** Joins the parts and checks everything again (the code, the bytes, the limit, the quota); idempotent. */
  complete(id: string, token: string, code: string): Promise<void>;
  /** The candidate cancels an upload under way. */
  abort(id: string, token: string): Promise<void>;
  list(): Promise<Audition[]>;
  setStatus(id: string, status: AuditionStatus): Promise<void>;
  remove(id: string): Promise<void>;
  file(id: string): Promise<AuditionFile>;
  /** Removes uploads left unfinished past their day; answers how many. */
  sweep(now?: Date): Promise<number>;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const sameText = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const unknownUpload = () => new AppError("NOT_FOUND", "There is no such upload: hand the file in again.");
const codeRefused = () => new AppError("UNAUTHORIZED", HAND_IN_MESSAGES.codeNoLongerValid);

/** The sizes of an upload's parts, in order. */
const partSizesOf = (row: Pick<AuditionRow, "size" | "partSize">) =>
  Array.from({ length: partCountOf(row.size, row.partSize) }, (_, i) => partBytes(row.size, row.partSize, i + 1));

export function createAuditionsService(deps: AuditionsDeps): AuditionsService {
  const { db, files, limits } = deps;
  const now = deps.clock ?? (() => new Date());
  const maxMb = Math.floor(limits.maxBytes / 1024 / 1024);
  const partSignature = (id: string, partNumber: number, q: Omit<PartQuery, "signature">) =>
    crypto
      .createHmac("sha256", deps.secret)
      .update(`audition-part\n${id}\n${partNumber}\n${q.offset}\n${q.bytes}\n${q.expires}`)
      .digest("base64url");

  /** The upload a browser names, when its token is the one handed out with it. */
  async function ownUpload(id: string, token: string): Promise<AuditionRow> {
    if (!OBJECT_ID_PATTERN.test(id)) throw unknownUpload();
    const row = await findAudition(db, id);
    if (!row) throw unknownUpload();
    if (!sameText(sha256(token), row.tokenHash)) throw new AppError("FORBIDDEN", "This upload was started in another browser.");
    return row;
  }

  /** An upload still under way and within its day. */
  function assertUnderway(row: AuditionRow): void {
    if (row.uploadState !== "uploading") throw new AppError("CONFLICT", "This edit has already been handed in.");
    if (row.expiresAt <= now()) throw new AppError("GONE", HAND_IN_MESSAGES.expired);
  }

  async function codeOf(code: string): Promise<string> {
    const number = await deps.checkCode(code);
    if (number === null) throw codeRefused();
    return number;
  }

  const uploadOf = (row: AuditionRow, token: string): HandInUpload => ({
    id: row.id,
    token,
    uploadId: row.uploadId,
    key: row.id,
    partSize: row.partSize,
  });

  /** Removes a hand-in whose bytes are not what it said, file and record. */
  async function discard(row: AuditionRow): Promise<void> {
    await files.remove(row.id);
    await deleteAudition(db, row.id);
  }

  return {
    async start(input) {
      const code = await codeOf(input.code);
      if (input.size > limits.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", HAND_IN_MESSAGES.tooBig(maxMb));
      const head = Buffer.from(input.head, "base64").subarray(0, HAND_IN_LIMITS.headBytes);
      if (!(await identifyAudio(head))) throw new AppError("UNSUPPORTED_MEDIA_TYPE", HAND_IN_MESSAGES.notAudio);

      const id = crypto.randomUUID();
      const token = crypto.randomBytes(32).toString("base64url");
      const uploadId = await files.beginUpload(id);
      const at = now();
      const row: AuditionRow = {
        id,
        code,
        name: input.name,
        email: input.email,
        notes: input.notes,
        fileName: input.fileName,
        size: input.size,
        contentType: null,
        durationSeconds: null,
        uploadState: "uploading",
        status: "new",
        uploadId,
        partSize: partSizeFor(input.size),
        parts: {},
        tokenHash: sha256(token),
        expiresAt: new Date(at.getTime() + UPLOAD_LIFETIME_MS),
        createdAt: at,
        completedAt: null,
      };
      try {
        await withHandInLock(db, async (tx) => {
          if ((await countForCode(tx, code, at)) >= HAND_INS_PER_CODE) throw new AppError("FORBIDDEN", HAND_IN_MESSAGES.usedUp);
          if ((await usedBytes(tx, at)) + input.size > limits.quotaBytes)
            throw new AppError("INSUFFICIENT_STORAGE", HAND_IN_MESSAGES.quotaFull);
          await insertAudition(tx, row);
        });
      } catch (err) {
        await files.abortUpload(id, uploadId).catch(() => {});
        throw err;
      }
      return uploadOf(row, token);
    },

    async resume(id, token, code) {
      const row = await ownUpload(id, token);
      assertUnderway(row);
      if ((await codeOf(code)) !== row.code) throw codeRefused();
      return uploadOf(row, token);
    },

    async sign(id, token, request) {
      if ("partNumber" in request) return (await this.signParts(id, token, [request.partNumber]))[0]!;
      const row = await ownUpload(id, token);
      assertUnderway(row);
      const url = await files.signListParts(id, row.uploadId, new Date(now().getTime() + ADDRESS_LIFETIME_MS));
      return url ? { url } : { url: `/api/editors/hand-ins/${id}/parts`, headers: { "x-upload-token": token } };
    },

    async signParts(id, token, partNumbers) {
      const row = await ownUpload(id, token);
      assertUnderway(row);
      const expiresAt = new Date(now().getTime() + ADDRESS_LIFETIME_MS);
      const expires = String(expiresAt.getTime());
      const count = partCountOf(row.size, row.partSize);
      if (partNumbers.some((n) => n > count)) throw new AppError("VALIDATION", "The file has no such part.");
      return Promise.all(
        partNumbers.map(async (partNumber) => {
          const bytes = partBytes(row.size, row.partSize, partNumber);
          const url = await files.signPart(id, row.uploadId, partNumber, bytes, expiresAt);
          if (url) return { partNumber, url };
          // The address carries, signed, where the part goes and its length: the server takes it without a lookup.
          const signed = { offset: String((partNumber - 1) * row.partSize), bytes: String(bytes), expires };
          const query = new URLSearchParams({ ...signed, signature: partSignature(id, partNumber, signed) });
          return { partNumber, url: `/api/editors/hand-ins/${id}/parts/${partNumber}?${query}` };
        }),
      );
    },

    async receivePart(id, partNumber, query, body) {
      if (!OBJECT_ID_PATTERN.test(id) || !files.writePart) throw unknownUpload();
      if (!sameText(query.signature, partSignature(id, partNumber, query))) {
        throw new AppError("FORBIDDEN", "This upload address is not one the site gave out.");
      }
      if (!(Number(query.expires) > now().getTime())) throw new AppError("GONE", HAND_IN_MESSAGES.addressExpired);
      let written;
      try {
        written = await files.writePart(id, Number(query.offset), Number(query.bytes), body);
      } catch (err) {
        // The upload was finished, cancelled or swept meanwhile.
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw unknownUpload();
        throw err;
      }
      if (written === "too-large") throw new AppError("PAYLOAD_TOO_LARGE", HAND_IN_MESSAGES.wrongSize);
      if (written === "short") throw new AppError("VALIDATION", HAND_IN_MESSAGES.partsMissing);
      const etag = `p${partNumber}-${crypto.randomBytes(6).toString("hex")}`;
      // Recorded only while the upload is under way and within its day.
      if (!(await recordPart(db, id, partNumber, etag, now()))) throw unknownUpload();
      return etag;
    },

    async listParts(id, token) {
      const row = await ownUpload(id, token);
      assertUnderway(row);
      return Object.entries(row.parts)
        .map(([n, etag]) => ({ partNumber: Number(n), etag }))
        .sort((a, b) => a.partNumber - b.partNumber);
    },

    async complete(id, token, code) {
      const row = await ownUpload(id, token);
      if (row.uploadState === "complete") return;
      assertUnderway(row);
      if ((await codeOf(code)) !== row.code) throw codeRefused();

      const sizes = partSizesOf(row);
      // A retry after a refusal below finds the file already joined.
      if ((await files.size(id)) === null) {
        if (files.writePart && sizes.some((_, i) => !row.parts[String(i + 1)])) {
          throw new AppError("VALIDATION", HAND_IN_MESSAGES.partsMissing);
        }
        try {
          await files.completeUpload(id, row.uploadId, sizes);
        } catch (err) {
          deps.logger?.warn({ err, audition: id }, "joining a hand-in's parts failed");
          throw new AppError("VALIDATION", HAND_IN_MESSAGES.partsMissing);
        }
      }
      const size = await files.size(id);
      if (size !== row.size) {
        await discard(row);
        throw new AppError("VALIDATION", HAND_IN_MESSAGES.wrongSize);
      }
      const head = await readAll(await files.read(id, 0, Math.min(size, HAND_IN_LIMITS.headBytes) - 1));
      const contentType = await identifyAudio(head);
      if (!contentType) {
        await discard(row);
        throw new AppError("UNSUPPORTED_MEDIA_TYPE", HAND_IN_MESSAGES.notAudio);
      }
      const durationSeconds = await durationOf(await files.read(id, 0, Math.min(size, DURATION_PROBE_BYTES) - 1), size, contentType);
      await withHandInLock(db, async (tx) => {
        const at = now();
        if ((await countForCode(tx, row.code, at, { completeOnly: true, except: id })) >= HAND_INS_PER_CODE) {
          throw new AppError("FORBIDDEN", HAND_IN_MESSAGES.usedUp);
        }
        if ((await usedBytes(tx, at, { completeOnly: true })) + size > limits.quotaBytes) {
          throw new AppError("INSUFFICIENT_STORAGE", HAND_IN_MESSAGES.quotaFull);
        }
        if (!(await markComplete(tx, id, { contentType, durationSeconds }))) throw unknownUpload();
      });
    },

    async abort(id, token) {
      const row = await ownUpload(id, token);
      if (row.uploadState !== "uploading") throw new AppError("CONFLICT", "This edit has already been handed in.");
      await deleteAudition(db, id, { uploadingOnly: true });
      await files.abortUpload(id, row.uploadId);
      await files.remove(id);
    },

    async list() {
      return (await listCompleteAuditions(db)).map(({ completedAt, contentType, ...rest }) => ({
        ...rest,
        contentType: contentType ?? "application/octet-stream",
        createdAt: (completedAt ?? new Date(0)).toISOString(),
      }));
    },

    async setStatus(id, status) {
      if (!OBJECT_ID_PATTERN.test(id) || !(await setAuditionStatus(db, id, status))) throw new AppError("NOT_FOUND", "Hand-in not found");
    },

    async remove(id) {
      if (!OBJECT_ID_PATTERN.test(id)) throw new AppError("NOT_FOUND", "Hand-in not found");
      const row = await deleteAudition(db, id);
      if (!row) throw new AppError("NOT_FOUND", "Hand-in not found");
      if (row.uploadState === "uploading") await files.abortUpload(id, row.uploadId);
      await files.remove(id);
    },

    async file(id) {
      const row = OBJECT_ID_PATTERN.test(id) ? await findAudition(db, id) : undefined;
      const size = row?.uploadState === "complete" ? await files.size(id) : null;
      if (!row || size === null) throw new AppError("NOT_FOUND", "Hand-in not found");
      return {
        fileName: row.fileName,
        contentType: row.contentType ?? "application/octet-stream",
        size,
        read: (start, end) => files.read(id, start, end),
      };
    },

    async sweep(at = now()) {
      let removed = 0;
      for (const { id, uploadId } of await listExpiredUploads(db, at)) {
        try {
          await files.abortUpload(id, uploadId);
          await files.remove(id);
          if (await deleteAudition(db, id, { uploadingOnly: true })) removed++;
        } catch (err) {
          deps.logger?.warn({ err, audition: id }, "removing an abandoned hand-in upload failed");
        }
      }
      return removed;
    },
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
