import type { Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { parseStream } from "music-metadata";

/**
 * What a hand-in's bytes are (docs/product.md "Audition hand-in"): MP3, WAV, FLAC, M4A/AAC or
 * OGG by their signatures, whatever the file's name or the browser says; the type the owner's
 * player is given. An MP4 container the signature cannot tell from a video is taken as M4A audio.
 */
const AUDIO_TYPES: Record<string, string> = {
  mp3: "audio/mpeg",
  mp2: "audio/mpeg",
  wav: "audio/wav",
  flac: "audio/flac",
  m4a: "audio/mp4",
  mp4: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
};

/** The audio type of a file's first bytes, or null when they are not audio the audition takes. */
export async function identifyAudio(head: Uint8Array): Promise<string | null> {
  const type = await fileTypeFromBuffer(head);
  return type ? (AUDIO_TYPES[type.ext] ?? null) : null;
}

/**
 * The length in seconds, when the file's start says it (WAV, FLAC, most MP3 and OGG headers);
 * null otherwise (an M4A whose index is at its end, say). Reads only `head`, never the whole file.
 */
export async function durationOf(head: Readable, size: number, contentType: string): Promise<number | null> {
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
