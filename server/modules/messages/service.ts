/**
 * Messages from listeners (docs/product.md "Messages"): a visitor's written or voice message, past
 * a proof-of-work challenge, a network's daily limit and the quota, its recording checked by its
 * bytes; the owner's inbox; the retention sweep.
 */
import crypto from "node:crypto";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import {
  MESSAGE_CHALLENGE_MINUTES,
  MESSAGE_LIMITS,
  MESSAGE_UPLOAD_MINUTES,
  type Message,
  type MessageChallenge,
  type MessageCounts,
  type MessageCreated,
  type MessageInput,
  type MessageStatus,
} from "../../../shared/messages";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import type { LargeFileStore } from "../../platform/objects/large-files";
import { OBJECT_ID_PATTERN } from "../../platform/objects/store";
import type { Logger } from "../../platform/runtime/logger";
import { extensionOf } from "../../platform/media/audio-kinds";
import { capped, checkAudio, OverCap, type InspectAudio } from "./audio";
import { MESSAGE_REFUSALS } from "./refusals";
import {
  claimUpload,
  countFromNetwork,
  countNew,
  deleteExpired,
  deleteMessage,
  findListed,
  findMessage,
  forgetOld,
  insertMessage,
  listArrived,
  markArrived,
  markRefused,
  reserveBytes,
  setMessageStatus,
  useChallenge,
  usedBytes,
  withNetworkLock,
  withQuotaLock,
  type ListedMessageRow,
} from "./storage";

/** A recording may say it is this much longer than 3 minutes (a recorder stops a little late). */
const DURATION_SLACK_SECONDS = 5;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The proof-of-work's difficulty: the browser tries up to this many numbers (about a second on a phone). */
const DEFAULT_CHALLENGE_MAX_NUMBER = 100_000;

export interface MessagesDeps {
  db: Db;
  /** Where voice messages' recordings are kept, privately; without it voice messages are refused (503). */
  files?: LargeFileStore;
  /** Reads a recording's tracks and length, in a worker (audio-inspector.ts). */
  inspectAudio: InspectAudio;
  /** Signs the challenges and keys the networks' daily hashes. */
  secret: string;
  /** Whether the owner has turned messages on (the setting messages_enabled). */
  isEnabled(): Promise<boolean>;
  /** A published episode by its slug, or null. */
  findEpisode(slug: string): Promise<{ id: number } | null>;
  limits: { keepDays: number; quotaBytes: number };
  /** Tests make the challenge easy. */
  challengeMaxNumber?: number;
  /** Called once a message has fully arrived (the e-mail to the owner); never awaited by the visitor's request. */
  onArrived?: (message: Message) => unknown;
  logger?: Logger;
  clock?: () => Date;
}

/** A voice message's recording, for the owner's player and download. */
interface MessageFile {
  fileName: string;
  contentType: string;
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

/** A recording as it comes in a PUT: the type the browser says, the length it announces (if any), its body. */
interface IncomingRecording {
  contentType: string;
  declaredBytes: number | null;
  body: Readable;
}

export interface MessagesService {
  isEnabled(): Promise<boolean>;
  challenge(): Promise<MessageChallenge>;
  /** A visitor's message; `network` is the sender's network (IPv4 /24, IPv6 /48), kept only as a keyed hash of the day. */
  create(input: MessageInput, network: string): Promise<MessageCreated>;
  /** A voice message's recording, at the single-use address create() gave. */
  receive(id: string, token: string, recording: IncomingRecording): Promise<{ id: string }>;
  list(): Promise<Message[]>;
  counts(): Promise<MessageCounts>;
  file(id: string): Promise<MessageFile>;
  setStatus(id: string, status: MessageStatus): Promise<Message>;
  remove(id: string): Promise<void>;
  /** Deletes messages past MESSAGES_KEEP_DAYS and voice messages whose recording never came, with their files; answers how many. */
  sweep(now?: Date): Promise<number>;
}

const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("hex");
const notFound = () => new AppError("NOT_FOUND", MESSAGE_REFUSALS.notFound);
const gone = () => new AppError("GONE", MESSAGE_REFUSALS.uploadGone);
const challengeFailed = () => new AppError("CHALLENGE_FAILED", MESSAGE_REFUSALS.challengeFailed);

function toMessage(row: ListedMessageRow): Message {
  return {
    id: row.id,
    kind: row.kind,
    episodeSlug: row.episodeSlug,
    episodeTitle: row.episodeTitle,
    name: row.name,
    email: row.email,
    text: row.text,
    durationSeconds: row.durationSeconds,
    status: row.status,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The challenge string of a solved payload (base64 JSON), or null when it is not one. */
function challengeOf(payload: string): string | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { challenge?: unknown };
    return typeof parsed.challenge === "string" && parsed.challenge.length <= 200 ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/** Seconds until the next UTC day, when a network's count starts again. */
const secondsToTomorrow = (at: Date) => Math.ceil((DAY_MS - (at.getTime() % DAY_MS)) / 1000);

export function createMessagesService(deps: MessagesDeps): MessagesService {
  const now = deps.clock ?? (() => new Date());
  const steps = createSteps(deps, now);
  return {
    isEnabled: () => deps.isEnabled(),
    ...createVisitorActions(deps, now, steps),
    ...createOwnerActions(deps, now, steps),
  };
}

type Steps = ReturnType<typeof createSteps>;

/** What the visitor's and the owner's actions share: the checks of a message on its way in, and the clean-up of its file. */
function createSteps(deps: MessagesDeps, now: () => Date) {
  const { db } = deps;
  /** A keyed hash of the network and the UTC day: the day's count, never the address. */
  const networkKeyOf = (network: string, at: Date) =>
    crypto
      .createHmac("sha256", deps.secret)
      .update(`messages-network\n${at.toISOString().slice(0, 10)}\n${network}`)
      .digest("base64url");

  async function enabledOrRefuse(): Promise<void> {
    if (!(await deps.isEnabled())) throw new AppError("NOT_FOUND", MESSAGE_REFUSALS.off);
  }

  /** Verifies the solved challenge and uses it up: accepted once, until it expires. */
  async function spendChallenge(payload: string): Promise<void> {
    const challenge = challengeOf(payload);
    if (!challenge) throw challengeFailed();
    const solved = await verifySolution(payload, deps.secret, true).catch(() => false);
    if (!solved) throw challengeFailed();
    const keptUntil = new Date(now().getTime() + (MESSAGE_CHALLENGE_MINUTES + 1) * 60_000);
    if (!(await useChallenge(db, challenge, keptUntil))) throw challengeFailed();
  }

  /** The arrived message, told to whoever waits for it (the e-mail), without holding up the visitor. */
  function announce(id: string): void {
    if (!deps.onArrived) return;
    void (async () => {
      const row = await findListed(db, id);
      if (row) await deps.onArrived!(toMessage(row));
    })().catch((err: unknown) => deps.logger?.warn({ err, message: id }, "telling of a new message failed"));
  }

  /** Removes a recording's file; a failure is logged, and the sweep tries again with the row. */
  async function dropFile(id: string): Promise<void> {
    try {
      await deps.files?.remove(id);
    } catch (err) {
      deps.logger?.warn({ err, message: id }, "removing a message's recording failed");
    }
  }

  /** Takes the upload's token and holds the space the recording may take; refuses when there is none. */
  async function claim(id: string, token: string, declaredBytes: number | null): Promise<number> {
    return withQuotaLock(db, async (tx) => {
      const at = now();
      if (!(await claimUpload(tx, id, sha256(token), at))) throw gone();
      const room = deps.limits.quotaBytes - (await usedBytes(tx));
      if (room <= 0 || (declaredBytes !== null && declaredBytes <= MESSAGE_LIMITS.voiceBytesMax && declaredBytes > room)) {
        throw new AppError("INSUFFICIENT_STORAGE", MESSAGE_REFUSALS.quotaFull);
      }
      const cap = Math.min(MESSAGE_LIMITS.voiceBytesMax, room);
      await reserveBytes(tx, id, cap);
      return cap;
    });
  }

  /** Writes the recording as it arrives, up to `cap` bytes; its size. */
  async function store(files: LargeFileStore, id: string, body: Readable, cap: number): Promise<number> {
    const counter = capped(cap);
    try {
      // Both settled before anything is dropped: a write still under way when the body failed
      // would otherwise leave its file behind after the drop.
      const [written, piped] = await Promise.allSettled([files.writeFrom(id, counter), pipeline(body, counter)]);
      if (piped.status === "rejected") throw piped.reason;
      if (written.status === "rejected") throw written.reason;
    } catch (err) {
      await dropFile(id);
      if (err instanceof OverCap) {
        throw cap < MESSAGE_LIMITS.voiceBytesMax && err.bytes <= MESSAGE_LIMITS.voiceBytesMax
          ? new AppError("INSUFFICIENT_STORAGE", MESSAGE_REFUSALS.quotaFull)
          : new AppError("PAYLOAD_TOO_LARGE", MESSAGE_REFUSALS.tooBig);
      }
      throw err;
    }
    return counter.bytes();
  }

  /** The checked recording's type and length; the recorder's figure when the file does not say (capped at 3 minutes). */
  async function checkRecording(files: LargeFileStore, id: string, size: number, claimed: number | null) {
    const checked = await checkAudio({ size, read: (start, end) => files.read(id, start, end) }, deps.inspectAudio);
    if (!checked) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MESSAGE_REFUSALS.notAudio);
    if (checked.durationSeconds !== null && checked.durationSeconds > MESSAGE_LIMITS.voiceSecondsMax + DURATION_SLACK_SECONDS) {
      throw new AppError("VALIDATION", MESSAGE_REFUSALS.tooLong);
    }
    const seconds = checked.durationSeconds ?? (claimed !== null ? Math.min(claimed, MESSAGE_LIMITS.voiceSecondsMax) : null);
    return { contentType: checked.contentType, durationSeconds: seconds === null ? null : Math.round(seconds) };
  }

  return { networkKeyOf, enabledOrRefuse, spendChallenge, announce, dropFile, claim, store, checkRecording };
}

/** A visitor's challenge, message and recording. */
function createVisitorActions(
  deps: MessagesDeps,
  now: () => Date,
  steps: Steps,
): Pick<MessagesService, "challenge" | "create" | "receive"> {
  const { db } = deps;
  const maxNumber = deps.challengeMaxNumber ?? DEFAULT_CHALLENGE_MAX_NUMBER;
  const { networkKeyOf, enabledOrRefuse, spendChallenge, announce, dropFile, claim, store, checkRecording } = steps;
  return {
    async challenge() {
      await enabledOrRefuse();
      const made = await createChallenge({
        hmacKey: deps.secret,
        maxnumber: maxNumber,
        expires: new Date(now().getTime() + MESSAGE_CHALLENGE_MINUTES * 60_000),
      });
      return {
        algorithm: made.algorithm,
        challenge: made.challenge,
        maxnumber: made.maxnumber ?? maxNumber,
        salt: made.salt,
        signature: made.signature,
      };
    },

    async create(input, network) {
      await enabledOrRefuse();
      if (input.kind === "voice" && !deps.files) throw new AppError("UNAVAILABLE", MESSAGE_REFUSALS.unavailable);
      await spendChallenge(input.altcha);
      const episode = input.episodeSlug ? await deps.findEpisode(input.episodeSlug) : null;
      if (input.episodeSlug && !episode) throw new AppError("VALIDATION", MESSAGE_REFUSALS.noEpisode);
      const at = now();
      const networkKey = networkKeyOf(network, at);
      const id = crypto.randomUUID();
      const token = input.kind === "voice" ? crypto.randomBytes(32).toString("base64url") : null;
      await withNetworkLock(db, networkKey, async (tx) => {
        if ((await countFromNetwork(tx, networkKey)) >= MESSAGE_LIMITS.perNetworkPerDay) {
          throw new AppError("TOO_MANY_REQUESTS", MESSAGE_REFUSALS.tooMany, { retryAfter: secondsToTomorrow(at) });
        }
        if (input.kind === "voice" && (await usedBytes(tx)) >= deps.limits.quotaBytes) {
          throw new AppError("INSUFFICIENT_STORAGE", MESSAGE_REFUSALS.quotaFull);
        }
        await insertMessage(tx, {
          id,
          kind: input.kind,
          state: input.kind === "voice" ? "waiting" : "arrived",
          text: input.kind === "text" ? (input.text ?? "") : null,
          name: input.name ?? null,
          email: input.email ?? null,
          episodeId: episode?.id ?? null,
          durationSeconds: input.kind === "voice" && input.durationSeconds !== undefined ? Math.round(input.durationSeconds) : null,
          tokenHash: token ? sha256(token) : null,
          uploadExpiresAt: token ? new Date(at.getTime() + MESSAGE_UPLOAD_MINUTES * 60_000) : null,
          networkKey,
          createdAt: at,
          arrivedAt: token ? null : at,
        });
      });
      if (!token) {
        announce(id);
        return { id };
      }
      return { id, uploadUrl: `/api/messages/${id}/audio?token=${token}` };
    },

    async receive(id, token, recording) {
      await enabledOrRefuse();
      const files = deps.files;
      if (!files) throw new AppError("UNAVAILABLE", MESSAGE_REFUSALS.unavailable);
      if (!OBJECT_ID_PATTERN.test(id) || !token) throw gone();
      if (recording.declaredBytes !== null && recording.declaredBytes > MESSAGE_LIMITS.voiceBytesMax) {
        // Refused before a byte is read; the token stays good for a recording that fits.
        throw new AppError("PAYLOAD_TOO_LARGE", MESSAGE_REFUSALS.tooBig);
      }
      const cap = await claim(id, token, recording.declaredBytes);
      const claimed = (await findMessage(db, id))?.durationSeconds ?? null;
      try {
        const size = await store(files, id, recording.body, cap);
        const checked = await checkRecording(files, id, size, claimed);
        if (!(await markArrived(db, id, { ...checked, size }, now()))) throw gone();
      } catch (err) {
        await markRefused(db, id);
        await dropFile(id);
        throw err;
      }
      announce(id);
      return { id };
    },
  };
}

/** The owner's inbox, and the retention sweep. */
function createOwnerActions(
  deps: MessagesDeps,
  now: () => Date,
  steps: Steps,
): Pick<MessagesService, "list" | "counts" | "file" | "setStatus" | "remove" | "sweep"> {
  const { db } = deps;
  const { dropFile } = steps;
  return {
    async list() {
      return (await listArrived(db)).map(toMessage);
    },

    async counts() {
      return { new: await countNew(db) };
    },

    async file(id) {
      const row = OBJECT_ID_PATTERN.test(id) ? await findMessage(db, id) : undefined;
      if (!row || row.state !== "arrived" || row.kind !== "voice" || !deps.files) throw notFound();
      const size = await deps.files.size(id);
      if (size === null) throw notFound();
      const day = row.createdAt.toISOString().slice(0, 10);
      return {
        fileName: `message-${day}-${id.slice(0, 8)}.${extensionOf(row.contentType)}`,
        contentType: row.contentType ?? "application/octet-stream",
        size,
        read: (start, end) => deps.files!.read(id, start, end),
      };
    },

    async setStatus(id, status) {
      if (!OBJECT_ID_PATTERN.test(id) || !(await setMessageStatus(db, id, status))) throw notFound();
      const row = await findListed(db, id);
      if (!row) throw notFound();
      return toMessage(row);
    },

    async remove(id) {
      if (!OBJECT_ID_PATTERN.test(id)) throw notFound();
      const row = await deleteMessage(db, id);
      if (!row) throw notFound();
      if (row.kind === "voice") await dropFile(id);
    },

    async sweep(at = now()) {
      const removed = await deleteExpired(db, new Date(at.getTime() - deps.limits.keepDays * DAY_MS), at);
      for (const row of removed) if (row.kind === "voice") await dropFile(row.id);
      await forgetOld(db, new Date(at.getTime() - 2 * DAY_MS), at);
      return removed.length;
    },
  };
}
