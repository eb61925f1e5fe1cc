import type { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { parseStream } from "music-metadata";
import { HAND_IN_LIMITS } from "../../../shared/auditions";
import { isWholeFile, type ByteWindow } from "./audio-structure";

/**
 * What a hand-in's bytes are (docs/product.md "Audition hand-in"): MP3, WAV, FLAC, M4A/AAC or OGG by
 * their signatures (file-type), whatever the file's name or the browser says; the type the
 * owner's player is given, and the extension the download is saved with. An MP4 container the
 * signature cannot tell from a video is taken as M4A audio.
 */
const AUDIO_TYPES: Record<string, { contentType: string; extension: string }> = {
  mp3: { contentType: "audio/mpeg", extension: "mp3" },
  wav: { contentType: "audio/wav", extension: "wav" },
  flac: { contentType: "audio/flac", extension: "flac" },
  m4a: { contentType: "audio/mp4", extension: "m4a" },
  mp4: { contentType: "audio/mp4", extension: "m4a" },
  aac: { contentType: "audio/aac", extension: "aac" },
  ogg: { contentType: "audio/ogg", extension: "ogg" },
  oga: { contentType: "audio/ogg", extension: "ogg" },
  opus: { contentType: "audio/ogg", extension: "opus" },
};

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
async function kindOf(head: Uint8Array) {
  const type = await fileTypeFromBuffer(head);
  return type && AUDIO_TYPES[type.ext] ? { ext: type.ext, ...AUDIO_TYPES[type.ext]! } : null;
}

/** The audio type of a file's first bytes (the check at the start, before any part is sent), or null. */
export async function identifyAudio(head: Uint8Array): Promise<string | null> {
  return (await kindOf(head))?.contentType ?? null;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
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
        data = await readAll(await file.read(at, Math.min(file.size, at + Math.max(length, WINDOW)) - 1));
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
  const kind = await kindOf(await readAll(await file.read(0, Math.min(file.size, HAND_IN_LIMITS.headBytes) - 1)));
  if (!kind || !(await isWholeFile(kind.ext, windowOn(file)))) return null;
  const durationSeconds = await durationOf(await file.read(0, Math.min(file.size, DURATION_PROBE_BYTES) - 1), file.size, kind.contentType);
  return { contentType: kind.contentType, extension: kind.extension, durationSeconds };
}

/** The extension a checked type is saved with. */
export function extensionOf(contentType: string | null): string {
  return Object.values(AUDIO_TYPES).find((t) => t.contentType === contentType)?.extension ?? "bin";
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
