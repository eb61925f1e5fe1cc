/**
 * The hand-ins' service (docs/product.md "Audition hand-in"): a candidate's upload from its start
 * to its completion, and the owner's list. Over 200 lines because its groups of actions share one
 * upload's rules: the same lookups, limits and clean-up of stale uploads, and the same timings.
 */
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import {
  HAND_IN_LIMITS,
  HAND_INS_PER_CODE,
  partBytes,
  partCountOf,
  partSizeFor,
  UPLOAD_IDLE_MINUTES,
  UPLOADS_PER_NETWORK,
  type Audition,
  type AuditionStatus,
  type HandInInput,
  type HandInUpload,
  type UploadUnderway,
} from "../../../shared/auditions";
import type { LanguageTag } from "../../../shared/languages";
import type { Db, Executor } from "../../platform/db/client";
import type { Mailer } from "../../platform/mail/mailer";
import { AppError } from "../../platform/http/errors";
import type { Logger } from "../../platform/runtime/logger";
import type { LargeFileStore } from "../../platform/objects/large-files";
import { OBJECT_ID_PATTERN } from "../../platform/objects/store";
import { extensionOf } from "../../platform/media/audio-kinds";
import { checkAudio, identifyAudio } from "./audio";
import { HAND_IN_REFUSALS } from "./refusals";
import { translator } from "../languages";
import {
  beginCompleting,
  countHandedIn,
  countUnderwayFrom,
  deleteAudition,
  deleteIfStale,
  findAudition,
  forgetNetworks,
  insertAudition,
  isCompleting,
  listCompleteAuditions,
  listReplaceable,
  listStaleUploads,
  listUnderway,
  markComplete,
  noteProgress,
  recordPart,
  resumeUploading,
  setAuditionStatus,
  touchUpload,
  usedBytes,
  withHandInLock,
  type AuditionRow,
  type Horizon,
} from "./storage";

/** An upload not finished within a day is removed, parts and all (docs/product.md "Audition hand-in"). */
const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** An upload that receives no part this long holds nothing and is dropped (docs/product.md "No one can block or spoil the hand-in"). */
const IDLE_MS = UPLOAD_IDLE_MINUTES * 60 * 1000;
/**
 * An upload that stored bytes this recently is active: a start under its code from another
 * network is refused rather than replacing it (docs/product.md "No one can block or spoil the hand-in").
 */
const ACTIVE_MS = 2 * 60 * 1000;
/** While a part's bytes arrive, the upload is noted busy at most this often, and only once this many were taken (the local store writes 1 MiB at a time). */
const BUSY_NOTE_EVERY_MS = 60 * 1000;
const BUSY_NOTE_BYTES = 1024 * 1024;
/** A completion begun this long ago belonged to a process that is gone (joining and checking 1 GB takes seconds). */
const STALE_COMPLETING_MS = 30 * 60 * 1000;
/** How long a completion waits for the same upload's completion in another instance, checking every WAIT_STEP_MS. */
const COMPLETION_WAIT_MS = 2 * 60 * 1000;
const WAIT_STEP_MS = 250;
/** A completion's refusal is answered again to a repeat for this long, for at most REFUSALS_KEPT uploads. */
const REFUSAL_KEPT_MS = 60 * 60 * 1000;
const REFUSALS_KEPT = 1_000;
/** A part's or a list's address lives this long: enough for one 5 MiB part on a slow line, and its retries. */
const ADDRESS_LIFETIME_MS = 15 * 60 * 1000;

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
  /** Told once of each hand-in that completes (the owners' notice); awaited, and must not throw. */
  onHandedIn?(handIn: { id: string; name: string; fileName: string }): Promise<void>;
  /** Sends the owner's notes to candidates; without it (or without SMTP_URL) a note is refused. */
  mailer?: Mailer;
  /** The site's name, for the note's subject and sender. */
  siteName?(): Promise<string>;
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
  /** The candidate's name for it, with the extension of its checked type. */
  fileName: string;
  contentType: string;
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

export interface AuditionsService {
  /**
   * Checks the code, the size, the type (by the first bytes), the code's hand-ins, the network's
   * uploads under way and the quota; starts the upload, replacing the code's upload under way
   * unless that one is active from another network (409).
   */
  start(input: HandInInput, network: string): Promise<HandInUpload>;
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
  /** The owner's list of uploads under way (idle ones dropped first). */
  listUploads(): Promise<UploadUnderway[]>;
  /** The owner drops an upload under way, giving its space back. */
  removeUpload(id: string): Promise<void>;
  setStatus(id: string, status: AuditionStatus): Promise<void>;
  /**
   * E-mails the candidate the owner's note about a hand-in shortlisted or declined (docs/product.md
   * "E-mail"), its subject in `language` (the owner's). 404 unknown, 409 still new, 503 without
   * e-mail or when the mail server refuses it.
   */
  sendNote(id: string, text: string, language: LanguageTag): Promise<void>;
  remove(id: string): Promise<void>;
  file(id: string): Promise<AuditionFile>;
  /** Removes uploads past their day, idle ones, and completions that never ended; answers how many. Hand-ins' addresses are cleared. */
  sweep(now?: Date): Promise<number>;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const sameText = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
const noSuchUpload = () => new AppError("NOT_FOUND", HAND_IN_REFUSALS.noSuchUpload);
const codeRefused = () => new AppError("UNAUTHORIZED", HAND_IN_REFUSALS.codeNoLongerValid);
const partsMissing = () => new AppError("VALIDATION", HAND_IN_REFUSALS.partsMissing);
const horizonAt = (now: Date): Horizon => ({ now, idleBefore: new Date(now.getTime() - IDLE_MS) });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sizes of an upload's parts, in order. */
const partSizesOf = (row: Pick<AuditionRow, "size" | "partSize">) =>
  Array.from({ length: partCountOf(row.size, row.partSize) }, (_, i) => partBytes(row.size, row.partSize, i + 1));

/** The bytes stored so far: the parts the server recorded, or what the bucket was last seen holding. */
const bytesSoFar = (row: Pick<AuditionRow, "size" | "partSize" | "parts" | "receivedBytes">) =>
  Math.max(
    row.receivedBytes,
    Object.keys(row.parts).reduce((sum, n) => sum + partBytes(row.size, row.partSize, Number(n)), 0),
  );

/** The candidate's name for the file, ending with its checked type's extension, so it is saved as what it is. */
function downloadNameOf(fileName: string, contentType: string | null): string {
  const base = fileName.replace(/\.[^.]*$/, "").trim() || "edit";
  return `${base}.${extensionOf(contentType)}`;
}

/** Whether an upload under the same code was started from another network and has stored bytes within ACTIVE_MS. */
const activeElsewhere = (old: Pick<AuditionRow, "network" | "createdAt" | "lastPartAt">, row: Pick<AuditionRow, "network" | "createdAt">) =>
  old.network !== row.network && old.lastPartAt > old.createdAt && row.createdAt.getTime() - old.lastPartAt.getTime() < ACTIVE_MS;

/** Why an upload takes no part (or no request) any more, in the candidate's words. */
function refusalFor(row: AuditionRow | undefined, now: Date): AppError {
  if (row?.uploadState === "completing") return new AppError("CONFLICT", HAND_IN_REFUSALS.completing);
  if (row?.uploadState === "complete") return new AppError("CONFLICT", HAND_IN_REFUSALS.alreadyHandedIn);
  if (row && row.expiresAt <= now) return new AppError("GONE", HAND_IN_REFUSALS.expired);
  return noSuchUpload();
}

/** The hand-ins' service: the candidate's upload, its parts and completion, and the owner's actions, each group built over the steps they share. */
export function createAuditionsService(deps: AuditionsDeps): AuditionsService {
  const now = deps.clock ?? (() => new Date());
  const steps = createUploadSteps(deps, now);
  return {
    ...createStartResumeAbort(deps, now, steps),
    ...createPartTransfer(deps, now, steps),
    ...createCompletion(deps, now, steps),
    ...createOwnerActions(deps, now, steps),
  };
}

/** What every group of the service's actions does with an upload: find it, check its code, drop it. */
interface UploadSteps {
  /** The upload a browser names, when its token is the one handed out with it. */
  ownUpload(id: string, token: string): Promise<AuditionRow>;
  /** An upload still taking parts: within its day, and not idle (or, for the bucket, seen growing since). */
  ownUnderway(id: string, token: string): Promise<AuditionRow>;
  /** The candidate's number for an audition code; refused when the code is not (or no longer) valid. */
  codeOf(code: string): Promise<string>;
  /** Drops an upload's or a refused hand-in's bytes; a failure is logged, as the sweep removes leftovers. */
  dropFiles(id: string, uploadId: string): Promise<void>;
  /** For a store whose parts bypass the server: whether the bucket holds more than last seen (then noted, as progress). */
  hasGrown(row: Pick<AuditionRow, "id" | "uploadId" | "receivedBytes">, at: Date): Promise<boolean>;
  /** Drops uploads past their day, idle ones, and completions that never ended, giving their space back. */
  dropStale(at: Date): Promise<number>;
}

/** The upload steps the service's actions share, over its store and clock. */
function createUploadSteps(deps: AuditionsDeps, now: () => Date): UploadSteps {
  const { db, files } = deps;

  /** The upload a browser names, when its token is the one handed out with it. */
  async function ownUpload(id: string, token: string): Promise<AuditionRow> {
    if (!OBJECT_ID_PATTERN.test(id)) throw noSuchUpload();
    const row = await findAudition(db, id);
    if (!row) throw noSuchUpload();
    if (!sameText(sha256(token), row.tokenHash)) throw new AppError("FORBIDDEN", HAND_IN_REFUSALS.otherBrowser);
    return row;
  }

  /** An upload still taking parts: within its day, and not idle (or, for the bucket, seen growing since). */
  async function ownUnderway(id: string, token: string): Promise<AuditionRow> {
    const row = await ownUpload(id, token);
    const at = now();
    if (row.uploadState !== "uploading" || row.expiresAt <= at) throw refusalFor(row, at);
    if (row.lastPartAt < horizonAt(at).idleBefore && !(await hasGrown(row, at))) {
      await dropStale(at);
      throw noSuchUpload();
    }
    return row;
  }

  async function codeOf(code: string): Promise<string> {
    const number = await deps.checkCode(code);
    if (number === null) throw codeRefused();
    return number;
  }

  /** Drops an upload's or a refused hand-in's bytes; a failure is logged, as the sweep removes leftovers. */
  async function dropFiles(id: string, uploadId: string): Promise<void> {
    try {
      await files.abortUpload(id, uploadId);
      await files.remove(id);
    } catch (err) {
      deps.logger?.warn({ err, audition: id }, "removing an audition upload's files failed");
    }
  }

  /** For a store whose parts bypass the server: whether the bucket holds more than last seen (then noted, as progress). */
  async function hasGrown(row: Pick<AuditionRow, "id" | "uploadId" | "receivedBytes">, at: Date): Promise<boolean> {
    if (!files.uploadedBytes) return false;
    const bytes = await files.uploadedBytes(row.id, row.uploadId);
    if (bytes <= row.receivedBytes) return false;
    await noteProgress(db, row.id, bytes, at);
    return true;
  }

  /** Drops uploads past their day, idle ones, and completions that never ended, giving their space back. */
  async function dropStale(at: Date): Promise<number> {
    const h = horizonAt(at);
    const staleCompleting = new Date(at.getTime() - STALE_COMPLETING_MS);
    let removed = 0;
    for (const row of await listStaleUploads(db, h, staleCompleting)) {
      try {
        if (row.uploadState === "uploading" && row.expiresAt > at && (await hasGrown(row, at))) continue;
        if (!(await deleteIfStale(db, row.id, h, staleCompleting))) continue;
        await dropFiles(row.id, row.uploadId);
        removed++;
      } catch (err) {
        deps.logger?.warn({ err, audition: row.id }, "removing an abandoned hand-in upload failed");
      }
    }
    return removed;
  }

  return { ownUpload, ownUnderway, codeOf, dropFiles, hasGrown, dropStale };
}

/** What the candidate's browser is told of its upload: where it goes, and the token only it holds. */
const uploadOf = (row: AuditionRow, token: string): HandInUpload => ({
  id: row.id,
  token,
  uploadId: row.uploadId,
  key: row.id,
  partSize: row.partSize,
});

/** A new upload's record, taking parts for a day from `at`; only the token's hash is kept. */
function newUploadRow(input: HandInInput, code: string, network: string, ids: { id: string; uploadId: string; token: string }, at: Date) {
  return {
    id: ids.id,
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
    uploadId: ids.uploadId,
    partSize: partSizeFor(input.size),
    parts: {},
    tokenHash: sha256(ids.token),
    expiresAt: new Date(at.getTime() + UPLOAD_LIFETIME_MS),
    createdAt: at,
    completedAt: null,
    network,
    lastPartAt: at,
    receivedBytes: 0,
    completingAt: null,
  } satisfies AuditionRow;
}

/** The candidate starts an upload (admitted under the limits), picks it up again, or cancels it. */
function createStartResumeAbort(
  deps: AuditionsDeps,
  now: () => Date,
  steps: UploadSteps,
): Pick<AuditionsService, "start" | "resume" | "abort"> {
  const { db, files, limits } = deps;
  const { ownUpload, ownUnderway, codeOf, dropFiles, hasGrown, dropStale } = steps;
  const maxMb = Math.floor(limits.maxBytes / 1024 / 1024);

  /**
   * Replaces a code's uploads still uploading, answering those deleted (to drop their files; one
   * that moved to completing meanwhile is not one of them). One another network is actively
   * sending is kept, and the start refused (docs/product.md "No one can block or spoil the hand-in").
   */
  async function replace(tx: Executor, row: AuditionRow) {
    const replaced = [];
    for (const old of await listReplaceable(tx, row.code)) {
      if (activeElsewhere(old, row)) throw new AppError("CONFLICT", HAND_IN_REFUSALS.underwayElsewhere);
      const gone = await deleteAudition(tx, old.id, { uploadingOnly: true });
      if (gone) replaced.push(gone);
    }
    return replaced;
  }

  /** For a store whose parts bypass the server: a code's uploads note what the bucket holds, so an active one is seen as such. */
  async function refreshProgress(code: string, at: Date): Promise<void> {
    if (!files.uploadedBytes) return;
    for (const old of await listReplaceable(db, code)) await hasGrown(old, at);
  }

  /**
   * The limits of a start, under the hand-ins' lock: a code's finished hand-ins, its network's
   * uploads under way, the quota with every reservation. The code's upload under way is replaced
   * (see replace()), so a number someone else started uploads under is not held from its candidate.
   */
  async function admit(row: AuditionRow & { network: string }) {
    return withHandInLock(db, async (tx) => {
      const h = horizonAt(row.createdAt);
      if (await isCompleting(tx, row.code)) throw new AppError("CONFLICT", HAND_IN_REFUSALS.stillCompleting);
      if ((await countHandedIn(tx, row.code)) >= HAND_INS_PER_CODE) throw new AppError("FORBIDDEN", HAND_IN_REFUSALS.usedUp);
      if ((await countUnderwayFrom(tx, row.network, row.code, h)) >= UPLOADS_PER_NETWORK) {
        throw new AppError("TOO_MANY_REQUESTS", HAND_IN_REFUSALS.networkBusy);
      }
      const replaced = await replace(tx, row);
      if ((await usedBytes(tx, h)) + row.size > limits.quotaBytes) throw new AppError("INSUFFICIENT_STORAGE", HAND_IN_REFUSALS.quotaFull);
      await insertAudition(tx, row);
      return replaced;
    });
  }

  return {
    async start(input, network) {
      const code = await codeOf(input.code);
      if (input.size > limits.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", HAND_IN_REFUSALS.tooBig(maxMb));
      const head = Buffer.from(input.head, "base64").subarray(0, HAND_IN_LIMITS.headBytes);
      if (!(await identifyAudio(head))) throw new AppError("UNSUPPORTED_MEDIA_TYPE", HAND_IN_REFUSALS.notAudio);
      // Idle uploads give their space back before this one is weighed against the limits.
      await dropStale(now());
      await refreshProgress(code, now());

      const id = crypto.randomUUID();
      const token = crypto.randomBytes(32).toString("base64url");
      const uploadId = await files.beginUpload(id);
      const at = now();
      const row = newUploadRow(input, code, network, { id, uploadId, token }, at);
      let replaced;
      try {
        replaced = await admit(row);
      } catch (err) {
        await dropFiles(id, uploadId);
        throw err;
      }
      for (const old of replaced) await dropFiles(old.id, old.uploadId);
      return uploadOf(row, token);
    },

    async resume(id, token, code) {
      const row = await ownUnderway(id, token);
      // The code again, and the same candidate's: another candidate's valid code does not pick this upload up.
      if ((await codeOf(code)) !== row.code) throw codeRefused();
      return uploadOf(row, token);
    },

    async abort(id, token) {
      const row = await ownUpload(id, token);
      if (row.uploadState !== "uploading") throw refusalFor(row, now());
      if (await deleteAudition(db, id, { uploadingOnly: true })) await dropFiles(id, row.uploadId);
    },
  };
}

/** The parts' addresses (the bucket's, or the server's own, signed), the parts the server takes itself, and the list of those it holds. */
function createPartTransfer(
  deps: AuditionsDeps,
  now: () => Date,
  steps: UploadSteps,
): Pick<AuditionsService, "sign" | "signParts" | "receivePart" | "listParts"> {
  const { db, files } = deps;
  const { ownUnderway } = steps;
  const partSignature = (id: string, partNumber: number, q: Omit<PartQuery, "signature">) =>
    crypto
      .createHmac("sha256", deps.secret)
      .update(`audition-part\n${id}\n${partNumber}\n${q.offset}\n${q.bytes}\n${q.expires}`)
      .digest("base64url");

  /**
   * Passes a part's body on, noting the upload busy as its bytes are stored, so a part arriving
   * slowly keeps its upload from going idle while a request that stores none does not
   * (docs/product.md "No one can block or spoil the hand-in").
   */
  async function* notingBusy(id: string, body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    let taken = 0;
    let noted = -Infinity;
    for await (const chunk of body) {
      yield chunk;
      // The store asks for the next chunk once it has written this one's batch.
      taken += chunk.length;
      const at = now().getTime();
      if (taken >= BUSY_NOTE_BYTES && at - noted >= BUSY_NOTE_EVERY_MS) {
        [taken, noted] = [0, at];
        await touchUpload(db, id, new Date(at));
      }
    }
  }

  return {
    async sign(id, token, request) {
      if ("partNumber" in request) return (await this.signParts(id, token, [request.partNumber]))[0]!;
      const row = await ownUnderway(id, token);
      const url = await files.signListParts(id, row.uploadId, new Date(now().getTime() + ADDRESS_LIFETIME_MS));
      return url ? { url } : { url: `/api/editors/hand-ins/${id}/parts`, headers: { "x-upload-token": token } };
    },

    async signParts(id, token, partNumbers) {
      const row = await ownUnderway(id, token);
      const expiresAt = new Date(now().getTime() + ADDRESS_LIFETIME_MS);
      const expires = String(expiresAt.getTime());
      const count = partCountOf(row.size, row.partSize);
      if (partNumbers.some((n) => n > count)) throw new AppError("VALIDATION", HAND_IN_REFUSALS.noSuchPart);
      return Promise.all(
        partNumbers.map(async (partNumber) => {
          const bytes = partBytes(row.size, row.partSize, partNumber);
          const url = await files.signPart(id, row.uploadId, partNumber, bytes, expiresAt);
          if (url) return { partNumber, url };
          // The address carries, signed, where the part goes and its length.
          const signed = { offset: String((partNumber - 1) * row.partSize), bytes: String(bytes), expires };
          const query = new URLSearchParams({ ...signed, signature: partSignature(id, partNumber, signed) });
          return { partNumber, url: `/api/editors/hand-ins/${id}/parts/${partNumber}?${query}` };
        }),
      );
    },

    async receivePart(id, partNumber, query, body) {
      if (!OBJECT_ID_PATTERN.test(id) || !files.writePart) throw noSuchUpload();
      if (!sameText(query.signature, partSignature(id, partNumber, query))) {
        throw new AppError("FORBIDDEN", HAND_IN_REFUSALS.addressNotOurs);
      }
      if (!(Number(query.expires) > now().getTime())) throw new AppError("GONE", HAND_IN_REFUSALS.addressExpired);
      // Refused once completing began; the store's writer is closed by the completion if it began meanwhile.
      // Nothing is noted busy until bytes arrive: a request without any keeps no upload from going idle.
      const row = await findAudition(db, id);
      if (row?.uploadState !== "uploading" || row.expiresAt <= now()) throw refusalFor(row, now());
      let written;
      try {
        written = await files.writePart(id, Number(query.offset), Number(query.bytes), notingBusy(id, body));
      } catch (err) {
        // The upload was completed, cancelled or dropped meanwhile.
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw refusalFor(await findAudition(db, id), now());
        throw err;
      }
      if (written === "closed") throw new AppError("CONFLICT", HAND_IN_REFUSALS.completing);
      if (written === "too-large") throw new AppError("PAYLOAD_TOO_LARGE", HAND_IN_REFUSALS.wrongSize);
      if (written === "short") throw new AppError("VALIDATION", HAND_IN_REFUSALS.partsMissing);
      const etag = `p${partNumber}-${crypto.randomBytes(6).toString("hex")}`;
      if (!(await recordPart(db, id, partNumber, etag, now()))) throw refusalFor(await findAudition(db, id), now());
      return etag;
    },

    async listParts(id, token) {
      const row = await ownUnderway(id, token);
      return Object.entries(row.parts)
        .map(([n, etag]) => ({ partNumber: Number(n), etag }))
        .sort((a, b) => a.partNumber - b.partNumber);
    },
  };
}

/** Completing an upload: once per upload in this process, its refusal answered again to a repeat. */
function createCompletion(deps: AuditionsDeps, now: () => Date, steps: UploadSteps): Pick<AuditionsService, "complete"> {
  const { db, files, limits } = deps;
  const { ownUpload, codeOf } = steps;
  /** Completions running in this process, so requests that arrive together share one and its answer. */
  const completions = new Map<string, Promise<void>>();
  /**
   * Completions this process refused (the record and file are gone), so completing again answers
   * the same (docs/product.md "No one can block or spoil the hand-in"); another instance answers 404.
   */
  const refusals = new Map<string, { tokenHash: string; error: AppError; until: number }>();

  /** Removes a hand-in whose bytes are not what it said, file and record. */
  async function discard(row: AuditionRow): Promise<void> {
    await deleteAudition(db, row.id);
    await files.remove(row.id);
  }

  /** The checks of a joined file and its record made complete; a file refused is removed with its record. */
  async function finishJoined(row: AuditionRow): Promise<void> {
    const size = await files.size(row.id);
    if (size !== row.size) {
      await discard(row);
      throw new AppError("VALIDATION", HAND_IN_REFUSALS.wrongSize);
    }
    const checked = await checkAudio({ size, read: (start, end) => files.read(row.id, start, end) });
    if (!checked) {
      await discard(row);
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", HAND_IN_REFUSALS.notAudio);
    }
    try {
      await withHandInLock(db, async (tx) => {
        if ((await countHandedIn(tx, row.code, row.id)) >= HAND_INS_PER_CODE) throw new AppError("FORBIDDEN", HAND_IN_REFUSALS.usedUp);
        if ((await usedBytes(tx, horizonAt(now()), row.id)) + size > limits.quotaBytes) {
          throw new AppError("INSUFFICIENT_STORAGE", HAND_IN_REFUSALS.quotaFull);
        }
        if (!(await markComplete(tx, row.id, { contentType: checked.contentType, durationSeconds: checked.durationSeconds }))) {
          throw noSuchUpload();
        }
      });
    } catch (err) {
      await discard(row);
      throw err;
    }
  }

  /** Waits for a completion another instance is running: its outcome, as far as the record tells it. */
  async function awaitCompletion(id: string): Promise<void> {
    for (let waited = 0; waited < COMPLETION_WAIT_MS; waited += WAIT_STEP_MS) {
      const row = await findAudition(db, id);
      if (!row) throw noSuchUpload();
      if (row.uploadState === "complete") return;
      if (row.uploadState === "uploading") throw partsMissing();
      await sleep(WAIT_STEP_MS);
    }
    throw new AppError("CONFLICT", HAND_IN_REFUSALS.stillCompleting);
  }

  /** Keeps a completion's refusal (its record and file are gone), dropping those past their hour, and the oldest past REFUSALS_KEPT. */
  function rememberRefusal(row: AuditionRow, error: unknown): void {
    if (!(error instanceof AppError)) return;
    const at = now().getTime();
    for (const [id, kept] of refusals) if (kept.until <= at || refusals.size >= REFUSALS_KEPT) refusals.delete(id);
    refusals.set(row.id, { tokenHash: row.tokenHash, error, until: at + REFUSAL_KEPT_MS });
  }

  /** A refusal of this upload's completion, still kept, when the token is the upload's. */
  function pastRefusal(id: string, token: string): AppError | undefined {
    const kept = refusals.get(id);
    if (!kept || kept.until <= now().getTime() || !sameText(sha256(token), kept.tokenHash)) return undefined;
    return kept.error;
  }

  /** Stops taking parts, joins them once every writer has closed, and checks the file. */
  async function completeOnce(row: AuditionRow): Promise<void> {
    const sizes = partSizesOf(row);
    if (files.writePart && sizes.some((_, i) => !row.parts[String(i + 1)])) throw partsMissing();
    if (!(await beginCompleting(db, row.id, now()))) {
      const current = await findAudition(db, row.id);
      if (current?.uploadState === "complete") return;
      if (current?.uploadState === "completing") return awaitCompletion(row.id);
      throw refusalFor(current, now());
    }
    try {
      await files.completeUpload(row.id, row.uploadId, sizes);
    } catch (err) {
      deps.logger?.warn({ err, audition: row.id }, "joining a hand-in's parts failed");
      await resumeUploading(db, row.id, now());
      throw partsMissing();
    }
    try {
      await finishJoined(row);
    } catch (err) {
      rememberRefusal(row, err);
      throw err;
    }
    await deps.onHandedIn?.({ id: row.id, name: row.name, fileName: row.fileName });
  }

  return {
    async complete(id, token, code) {
      const refused = pastRefusal(id, token);
      if (refused) throw refused;
      const row = await ownUpload(id, token);
      if (row.uploadState === "complete") return;
      if ((await codeOf(code)) !== row.code) throw codeRefused();
      let running = completions.get(id);
      if (!running) {
        running = completeOnce(row).finally(() => completions.delete(id));
        completions.set(id, running);
      }
      return running;
    },
  };
}

/** The owner's actions: the hand-ins and the uploads under way, listed, changed and removed; and the sweep. */
function createOwnerActions(
  deps: AuditionsDeps,
  now: () => Date,
  steps: UploadSteps,
): Pick<AuditionsService, "list" | "listUploads" | "removeUpload" | "setStatus" | "sendNote" | "remove" | "file" | "sweep"> {
  const { db, files } = deps;
  const { dropFiles, dropStale } = steps;
  return {
    async list() {
      return (await listCompleteAuditions(db)).map(({ completedAt, contentType, ...rest }) => ({
        ...rest,
        contentType: contentType ?? "application/octet-stream",
        createdAt: (completedAt ?? new Date(0)).toISOString(),
        downloadName: downloadNameOf(rest.fileName, contentType),
      }));
    },

    async listUploads() {
      const at = now();
      await dropStale(at);
      return (await listUnderway(db, horizonAt(at))).map((row) => ({
        id: row.id,
        code: row.code,
        name: row.name,
        fileName: row.fileName,
        size: row.size,
        receivedBytes: bytesSoFar(row),
        startedAt: row.createdAt.toISOString(),
        lastPartAt: row.lastPartAt.toISOString(),
      }));
    },

    async removeUpload(id) {
      if (!OBJECT_ID_PATTERN.test(id)) throw new AppError("NOT_FOUND", "error.uploadNotFound");
      const row = await deleteAudition(db, id, { uploadingOnly: true });
      if (row) return dropFiles(id, row.uploadId);
      const current = await findAudition(db, id);
      if (current && current.uploadState !== "uploading") {
        throw new AppError("CONFLICT", "error.uploadCompleting");
      }
      throw new AppError("NOT_FOUND", "error.uploadNotFound");
    },

    async setStatus(id, status) {
      if (!OBJECT_ID_PATTERN.test(id) || !(await setAuditionStatus(db, id, status)))
        throw new AppError("NOT_FOUND", "error.handInNotFound");
    },

    async sendNote(id, text, language) {
      const row = OBJECT_ID_PATTERN.test(id) ? await findAudition(db, id) : undefined;
      if (!row || row.uploadState !== "complete") throw new AppError("NOT_FOUND", "error.handInNotFound");
      const { mailer } = deps;
      if (!mailer?.enabled) throw new AppError("UNAVAILABLE", "error.mailNotSetUp");
      if (row.status === "new") throw new AppError("CONFLICT", "error.noteNeedsDecision");
      const site = (await deps.siteName?.()) ?? "";
      try {
        await mailer.send({ to: [row.email], subject: translator(language).t("note.subject", { site }), text, language, senderName: site });
      } catch (err) {
        deps.logger?.warn({ err: (err as Error).message, audition: id }, "the note to a candidate could not be sent");
        throw new AppError("UNAVAILABLE", "error.noteNotSent");
      }
    },

    async remove(id) {
      if (!OBJECT_ID_PATTERN.test(id)) throw new AppError("NOT_FOUND", "error.handInNotFound");
      const row = await deleteAudition(db, id);
      if (!row) throw new AppError("NOT_FOUND", "error.handInNotFound");
      if (row.uploadState !== "complete") await files.abortUpload(id, row.uploadId);
      await files.remove(id);
    },

    async file(id) {
      const row = OBJECT_ID_PATTERN.test(id) ? await findAudition(db, id) : undefined;
      const size = row?.uploadState === "complete" ? await files.size(id) : null;
      if (!row || size === null) throw new AppError("NOT_FOUND", "error.handInNotFound");
      return {
        fileName: downloadNameOf(row.fileName, row.contentType),
        contentType: row.contentType ?? "application/octet-stream",
        size,
        read: (start, end) => files.read(id, start, end),
      };
    },

    async sweep(at = now()) {
      await forgetNetworks(db);
      return dropStale(at);
    },
  };
}
