import { Transform, type Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { parseStream } from "music-metadata";
import { audioKindOf, type AudioExt } from "../../platform/media/audio-kinds";

/**
 * What a voice message's bytes are (docs/product.md "Messages"): WebM/Matroska, Ogg or MP4 audio
 * by their signatures (platform/media/audio-kinds.ts), whatever the browser said, with an audio
 * track and no video (audio-worker.ts).
 */
const RECORDING_KINDS: readonly AudioExt[] = ["webm", "mkv", "ogg", "oga", "opus", "m4a", "mp4"];

/** How much of a file's start file-type reads. */
const HEAD_BYTES = 4_100;

export interface StoredAudio {
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

export interface CheckedAudio {
  contentType: string;
  /** The length the container says, in seconds; null when it does not say (MediaRecorder's WebM). */
  durationSeconds: number | null;
}

/** What the audio worker answers: the recording's tracks and length (audio-worker.ts). */
export interface AudioInspection {
  hasAudio: boolean;
  hasVideo: boolean;
  duration?: number;
}

/** Reads a recording's tracks and length in the audio worker; throws when it cannot (not audio, past its time or memory). */
export type InspectAudio = (body: Buffer, container: AudioContainer) => Promise<AudioInspection>;

/** The containers a message's recording may come in, each read by its own parser (audio-worker.ts). */
export type AudioContainer = "matroska" | "mp4";

const containerOf = (extension: string): AudioContainer | "ogg" =>
  extension === "webm" || extension === "mka" ? "matroska" : extension === "m4a" ? "mp4" : "ogg";

/** An Ogg file's tracks and length (on its last page), by music-metadata, page by page as it streams. */
async function oggAudio(body: Readable, size: number): Promise<AudioInspection> {
  try {
    const { format } = await parseStream(body, { mimeType: "audio/ogg", size }, { duration: true, skipCovers: true });
    return { hasAudio: format.hasAudio !== false, hasVideo: !!format.hasVideo, duration: format.duration };
  } finally {
    body.destroy();
  }
}

/**
 * The checked type and length of a stored recording, or null when it is not audio a message may
 * be. The type is its first bytes'; a WebM's or MP4's tracks and length are read by `inspect`, in
 * a worker, since those parsers walk counts a stranger wrote (at most 10 MB of them).
 */
export async function checkAudio(file: StoredAudio, inspect: InspectAudio): Promise<CheckedAudio | null> {
  if (file.size === 0) return null;
  const kind = await audioKindOf(await buffer(await file.read(0, Math.min(file.size, HEAD_BYTES) - 1)), RECORDING_KINDS);
  if (!kind) return null;
  try {
    const container = containerOf(kind.extension);
    const whole = await file.read(0, file.size - 1);
    const format = container === "ogg" ? await oggAudio(whole, file.size) : await inspect(await buffer(whole), container);
    if (format.hasVideo || !format.hasAudio) return null;
    const seconds = format.duration;
    return {
      contentType: kind.contentType,
      durationSeconds: seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null,
    };
  } catch {
    return null;
  }
}

/** Thrown by a capped body once it passes its cap. */
export class OverCap extends Error {
  constructor(readonly bytes: number) {
    super("the body is larger than allowed");
  }
}

/**
 * Passes a request's body on, counting its bytes, and fails with OverCap as soon as it passes
 * `cap`: never more than that is written, and nothing is held beyond the stream's own buffer.
 */
export function capped(cap: number, onProgress?: (bytes: number) => void): Transform & { bytes: () => number } {
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > cap) return done(new OverCap(bytes));
      onProgress?.(bytes);
      done(null, chunk);
    },
  });
  return Object.assign(stream, { bytes: () => bytes });
}
