import { z } from "zod";

/**
 * The audition hand-in (docs/product.md "Audition hand-in"): what a candidate sends with the
 * edit, the statuses the owner gives it, and how a file is cut into parts. Both sides read this
 * file: the server checks with it, the browser's form and uploader follow it.
 */
export const HAND_IN_LIMITS = {
  name: 100,
  email: 254,
  notes: 2_000,
  fileName: 255,
  /** How much of the file's start the browser sends along, for the server to tell its type early. */
  headBytes: 4_100,
} as const;

/** Each code may hand in this many edits; only finished hand-ins count (docs/product.md "No one can block or spoil the hand-in"). */
export const HAND_INS_PER_CODE = 3;
/** Uploads one network (an IPv4 address or an IPv6 /64) may have under way at once. */
export const UPLOADS_PER_NETWORK = 2;
/** An upload that receives no part for this long is dropped and its space given back. */
export const UPLOAD_IDLE_MINUTES = 15;
/** The audition prefix's least length: shorter ones are easy to guess, and with them any candidate's number. */
export const AUDITION_PREFIX_MIN_LENGTH = 6;

export const AUDITION_STATUSES = ["new", "shortlisted", "declined"] as const;
export type AuditionStatus = (typeof AUDITION_STATUSES)[number];

/** The kinds of audio a hand-in may be, as the browser names them (the server decides by the bytes). */
export const AUDIO_FILE_HINT = "MP3, WAV, FLAC, M4A/AAC or OGG";
export const AUDIO_EXTENSIONS = [".mp3", ".wav", ".flac", ".m4a", ".aac", ".ogg", ".oga", ".opus"] as const;

const MIB = 1024 * 1024;
/** S3-style multipart's smallest part (every part but the last); the browser's uploader never cuts smaller. */
const MIN_PART_BYTES = 5 * MIB;
/** At most this many parts, so one list of the parts (S3 and GCS answer up to 1,000) covers them all. */
const MAX_PARTS = 1_000;

/**
 * The size of every part but the last: 5 MiB, the smallest the protocol allows, so a part fits in
 * the server's request time limit on a slow phone connection and under a proxy's body limit;
 * larger for files over 5,000 MiB so they stay within 1,000 parts.
 */
export function partSizeFor(fileSize: number): number {
  return Math.max(MIN_PART_BYTES, Math.ceil(fileSize / MAX_PARTS / MIB) * MIB);
}

export const partCountOf = (fileSize: number, partSize: number) => Math.max(1, Math.ceil(fileSize / partSize));

/** The bytes part `n` (from 1) holds: `partSize`, but the last holds the rest. */
export function partBytes(fileSize: number, partSize: number, n: number): number {
  const start = (n - 1) * partSize;
  return Math.max(0, Math.min(partSize, fileSize - start));
}

const noNul = (s: string) => !s.includes("\u0000");
const line = (max: number) =>
  z.string().trim().min(1, "validation.required").max(max, "validation.tooLong").refine(noNul, "validation.noNul");

/** The code that unlocked the page: the server checks it again at the start and the end of every upload. */
const code = z.string().trim().min(1, "validation.required").max(200, "validation.isTooLong").refine(noNul, "validation.noNul");

export const handInSchema = z.strictObject({
  code,
  name: line(HAND_IN_LIMITS.name),
  email: z.email("validation.email").max(HAND_IN_LIMITS.email, "validation.tooLong"),
  notes: z.string().max(HAND_IN_LIMITS.notes, "validation.notesTooLong").refine(noNul, "validation.noNul").default(""),
  fileName: line(HAND_IN_LIMITS.fileName),
  /** What the browser says the size is; the parts are cut to it, so it cannot be exceeded. */
  size: z.number().int("validation.wholeNumber").min(1, "validation.fileEmpty").max(Number.MAX_SAFE_INTEGER),
  /** The file's first bytes (base64), so a file that is not audio is refused before it is sent. */
  head: z
    .string()
    .max(Math.ceil(HAND_IN_LIMITS.headBytes / 3) * 4 + 4, "validation.isTooLong")
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "validation.base64"),
});
export type HandInInput = z.infer<typeof handInSchema>;
/** The fields the candidate types (the form checks them with the server's own rules). */
export const handInFieldsSchema = handInSchema.pick({ name: true, email: true, notes: true });

export const resumeHandInSchema = z.strictObject({ code });

const partNumber = z.number().int("validation.wholeNumber").min(1).max(MAX_PARTS);
/** How many parts' addresses one request may ask for (the browser asks for the next ones ahead, saving a round trip a part). */
export const SIGN_BATCH = 20;

/** Which addresses of an upload the browser asks for: one part's, several parts', or the list of the parts stored. */
export const signRequestSchema = z.union([
  z.strictObject({ partNumber }),
  z.strictObject({ partNumbers: z.array(partNumber).min(1).max(SIGN_BATCH) }),
  z.strictObject({ list: z.literal(true) }),
]);

export const auditionStatusSchema = z.strictObject({
  status: z.enum(AUDITION_STATUSES, { error: "validation.auditionStatus" }),
});

/** What the server answers when a hand-in starts or resumes: where its parts go, and how big each is. */
export interface HandInUpload {
  id: string;
  /** Presented with every later request of this upload (it is not the code). */
  token: string;
  uploadId: string;
  key: string;
  partSize: number;
}

/** POST /api/editors/unlock's answer: the files the code opens, and how many hand-ins it has left (0 to HAND_INS_PER_CODE). */
export interface UnlockAnswer {
  files: { name: string; url: string }[];
  handInsLeft: number;
}

/** GET /api/auditions, newest first (the owner's list). */
export interface Audition {
  id: string;
  /** The candidate's number: the digits after the audition prefix. */
  code: string;
  name: string;
  email: string;
  notes: string;
  fileName: string;
  size: number;
  contentType: string;
  /** Seconds, when the file says. */
  durationSeconds: number | null;
  status: AuditionStatus;
  createdAt: string;
  /** The name the download is saved under: the candidate's name for it, ending with the extension of the type its bytes were checked to be. */
  downloadName: string;
}

/** GET /api/auditions/uploads: uploads under way, which hold space in the inbox until they finish or go idle. */
export interface UploadUnderway {
  id: string;
  /** The candidate's number: the digits after the audition prefix. */
  code: string;
  name: string;
  fileName: string;
  /** The size declared, reserved in the inbox. */
  size: number;
  /** The bytes stored so far. */
  receivedBytes: number;
  startedAt: string;
  lastPartAt: string;
}

/**
 * Every refusal of a hand-in, in the candidate's words, in English: the server says them from its
 * catalogue (`handIn.*` keys of `shared/locales/<tag>/server.json`) in the candidate's language,
 * and the browser shows them as they are. A test holds these to the English catalogue.
 */
export const HAND_IN_MESSAGES = {
  codeNoLongerValid: "Your audition code is no longer valid, so the edit was not handed in. Ask the host for a new code.",
  usedUp: `This code has already handed in ${HAND_INS_PER_CODE} edits, the most one code may. Ask the host if you need to send another.`,
  notAudio: `This file is not audio the audition takes: send an ${AUDIO_FILE_HINT} file.`,
  tooBig: (maxMb: number) => `This file is larger than ${maxMb.toLocaleString("en")} MB, the most the audition takes: send a smaller file.`,
  quotaFull: "The audition inbox is full just now, so your edit cannot be taken. Please tell the host: they can make room.",
  expired: "This upload was started more than a day ago and has been removed: hand the file in again.",
  partsMissing: "Some parts of the file did not arrive: press Retry to send them.",
  wrongSize: "The file that arrived is not the size your browser announced: choose the file again and hand it in anew.",
  addressExpired: "The upload took too long and its address expired: press Retry.",
  networkBusy: `${UPLOADS_PER_NETWORK} uploads from your network are already under way, the most one network may have at once. Wait until one of them finishes, or press the button again in ${UPLOAD_IDLE_MINUTES} minutes.`,
  noSuchUpload: `This upload is no longer on the site: it was cancelled, replaced by a newer one with the same code, or received nothing for ${UPLOAD_IDLE_MINUTES} minutes. Hand the file in again.`,
  underwayElsewhere:
    "An upload under this code is under way from another connection just now, so this one cannot start. Try again in a few minutes, or ask the host.",
  completing:
    "This upload is already being completed, so no more of its parts are taken. If your hand-in is not confirmed, hand the file in again.",
  stillCompleting: "Your edit is still being joined and checked. Press Retry in a minute to see whether it was handed in.",
  alreadyHandedIn: "This edit has already been handed in.",
  otherBrowser: "This upload was started in another browser: hand the file in again from this one.",
  noSuchPart: "The file has no such part: choose the file again and hand it in anew.",
  addressNotOurs: "This upload address is not one the site gave out: press Retry.",
} as const;

/**
 * The audition prefix's rule, as the settings check says it to the owner, in English: the server
 * says `validation.prefixTooShort` in the owner's language; a test holds this to the catalogue.
 */
export const AUDITION_PREFIX_TOO_SHORT = `must be at least ${AUDITION_PREFIX_MIN_LENGTH} characters, so that candidates' codes cannot be guessed`;
