import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { parseStream } from "music-metadata";
import { audioKindOf, type AudioExt } from "../../platform/media/audio-kinds";
import { HAND_IN_LIMITS } from "../../../shared/auditions";
import { isWholeFile, type ByteWindow } from "./audio-structure";

/**
 * What a hand-in's bytes are (docs/product.md "Audition hand-in"): MP3, WAV, FLAC, M4A/AAC or OGG by
 * their signatures (platform/media/audio-kinds.ts), whatever the file's name or the browser says.
 */
const HAND_IN_KINDS: readonly AudioExt[] = ["mp3", "wav", "flac", "m4a", "mp4", "aac", "ogg", "oga", "opus"];

/** How much of a finished file is read to find its length: headers only. */
const DURATION_PROBE_BYTES = 4 * 1024 * 1024;

/** A finished file, read in ranges (inclusive). */
export interface StoredFile {
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

export interface CheckedAudio {
  contentType: string;
  extension: string;
  durationSeconds: number | null;
}

/** The audio kind of a file's first bytes, or null when they are not audio the audition takes. */
const kindOf = (head: Uint8Array) => audioKindOf(head, HAND_IN_KINDS);

/** The audio type of a file's first bytes (the check at the start, before any part is sent), or null. */
export async function identifyAudio(head: Uint8Array): Promise<string | null> {
  return (await kindOf(head))?.contentType ?? null;
}

/** Reads a file through windows of a few MiB: the structure checks walk it front to back, or hop between headers. */
function windowOn(file: StoredFile): ByteWindow {
  const WINDOW = 4 * 1024 * 1024;
  let start = 0;
  let data: Buffer = Buffer.alloc(0);
  return {
    size: file.size,
    async bytes(at, length) {
      if (at < 0 || at + length > file.size) return null;
      if (at < start || at + length > start + data.length) {
        start = at;
        data = await buffer(await file.read(at, Math.min(file.size, at + Math.max(length, WINDOW)) - 1));
        if (data.length < length) return null;
      }
      return data.subarray(at - start, at - start + length);
    },
  };
}

/**
 * The check of a finished file, once every writer has closed: its kind by its first bytes, then
 * its whole structure (a RIFF/WAVE file whose chunks add up to the file with fmt and data, an
 * MP4 whose boxes add up, MP3 and ADTS frames and Ogg pages that run to its end, FLAC's metadata
 * blocks up to its first frame), so a header in front of something else is not audio. Null
 * when it is not audio the audition takes.
 */
export async function checkAudio(file: StoredFile): Promise<CheckedAudio | null> {
  if (file.size === 0) return null;
  const kind = await kindOf(await buffer(await file.read(0, Math.min(file.size, HAND_IN_LIMITS.headBytes) - 1)));
  if (!kind || !(await isWholeFile(kind.ext, windowOn(file)))) return null;
  const durationSeconds = await durationOf(await file.read(0, Math.min(file.size, DURATION_PROBE_BYTES) - 1), file.size, kind.contentType);
  return { contentType: kind.contentType, extension: kind.extension, durationSeconds };
}

/**
 * The length in seconds, when the file's start says it (WAV, FLAC, most MP3 and OGG headers);
 * null otherwise (an M4A whose index is at its end, say). Reads only `head`, never the whole file.
 */
async function durationOf(head: Readable, size: number, contentType: string): Promise<number | null> {
  try {
    const { format } = await parseStream(
      head,
      { mimeType: contentType, size },
      { duration: false, skipCovers: true, skipPostHeaders: true },
    );
    const seconds = format.duration;
    return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : null;
  } catch {
    return null;
  } finally {
    head.destroy();
  }
}
