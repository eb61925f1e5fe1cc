import { Transform, type Readable } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import { parseStream } from "music-metadata";
import { createFile, MP4BoxBuffer } from "mp4box";
import { Decoder, tools } from "ts-ebml";

/**
 * What a voice message's bytes are (docs/product.md "Messages"): WebM/Matroska, Ogg or MP4 audio
 * by their signatures (file-type), whatever the browser said, with an audio track and no video
 * (music-metadata; for WebM, ts-ebml, and for MP4, mp4box: see matroskaAudio and mp4Audio); the type the owner's player is given,
 * and the extension of the download.
 */
const AUDIO_TYPES: Record<string, { contentType: string; extension: string }> = {
  webm: { contentType: "audio/webm", extension: "webm" },
  mkv: { contentType: "audio/x-matroska", extension: "mka" },
  ogg: { contentType: "audio/ogg", extension: "ogg" },
  oga: { contentType: "audio/ogg", extension: "ogg" },
  opus: { contentType: "audio/ogg", extension: "opus" },
  m4a: { contentType: "audio/mp4", extension: "m4a" },
  mp4: { contentType: "audio/mp4", extension: "m4a" },
};

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

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The checked type and length of a stored recording, or null when it is not audio a message may be. */
export async function checkAudio(file: StoredAudio): Promise<CheckedAudio | null> {
  if (file.size === 0) return null;
  const type = await fileTypeFromBuffer(await readAll(await file.read(0, Math.min(file.size, HEAD_BYTES) - 1)));
  const kind = type ? AUDIO_TYPES[type.ext] : undefined;
  if (!kind) return null;
  const body = await file.read(0, file.size - 1);
  try {
    // The whole file (at most 10 MiB, streamed): an Ogg file's length is on its last page, a WebM file's in its last block.
    const format =
      kind.extension === "webm" || kind.extension === "mka"
        ? await matroskaAudio(body)
        : kind.extension === "m4a"
          ? await mp4Audio(body)
          : (await parseStream(body, { mimeType: kind.contentType, size: file.size }, { duration: true, skipCovers: true })).format;
    if (format.hasVideo || format.hasAudio === false) return null;
    const seconds = format.duration;
    return {
      contentType: kind.contentType,
      durationSeconds: seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : null,
    };
  } catch {
    return null;
  } finally {
    body.destroy();
  }
}

/** Matroska's track types (TrackType). */
const VIDEO_TRACK = 1;
const AUDIO_TRACK = 2;

/**
 * A WebM (Matroska) file's tracks and length, read element by element as it streams by. A
 * browser's MediaRecorder writes WebM as a live stream: the segment and every cluster of unknown
 * size, and no duration in its info (Chromium), or a duration of 0 (Firefox); music-metadata
 * cannot read those files, ts-ebml's decoder can. The length is the info's duration when it gives
 * one, else where the last block starts (its cluster's timestamp plus its own offset).
 */
async function matroskaAudio(body: Readable): Promise<{ hasAudio: boolean; hasVideo: boolean; duration?: number }> {
  const decoder = new Decoder();
  const tracks = new Set<number>();
  let nanosPerTick = 1_000_000;
  let declared = 0;
  let cluster = 0;
  let lastBlock = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    for (const element of decoder.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer)) {
      if (element.type === "m") continue;
      if (element.name === "TimestampScale") nanosPerTick = Number(element.value);
      else if (element.name === "Duration") declared = Number(element.value);
      else if (element.name === "TrackType") tracks.add(Number(element.value));
      else if (element.name === "Timestamp") cluster = Number(element.value);
      else if (element.name === "SimpleBlock" || element.name === "Block")
        lastBlock = Math.max(lastBlock, cluster + tools.ebmlBlock(Buffer.from(element.data)).timecode);
    }
  }
  const ticks = declared > 0 ? declared : lastBlock;
  return { hasAudio: tracks.has(AUDIO_TRACK), hasVideo: tracks.has(VIDEO_TRACK), duration: (ticks * nanosPerTick) / 1e9 };
}

/**
 * An MP4 file's tracks and length. A browser's MediaRecorder (Safari's AAC, Chromium's) writes
 * fragmented MP4: the movie's own duration is 0 and the real length is in the fragments, which
 * music-metadata does not add up. mp4box parses the boxes as they stream by; the length is where
 * the audio track's last fragment ends (its decode time plus its samples' durations), else the
 * movie's duration for a file that is not fragmented.
 */
async function mp4Audio(body: Readable): Promise<{ hasAudio: boolean; hasVideo: boolean; duration?: number }> {
  const file = createFile();
  let offset = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), offset));
    offset += bytes.length;
  }
  file.flush();
  const info = file.getInfo();
  const track = info.audioTracks[0];
  if (!info.hasMoov || !track) return { hasAudio: false, hasVideo: info.videoTracks.length > 0 };
  if (!info.isFragmented) return { hasAudio: true, hasVideo: info.videoTracks.length > 0, duration: info.duration / info.timescale };
  const trex = file.moov?.mvex?.trexs.find((t) => t.track_id === track.id);
  let end = 0;
  for (const moof of file.moofs)
    for (const traf of moof.trafs) {
      if (traf.tfhd?.track_id !== track.id) continue;
      const sampleDuration = traf.tfhd.default_sample_duration ?? trex?.default_sample_duration ?? 0;
      let time = Number(traf.tfdt?.baseMediaDecodeTime ?? 0);
      for (const trun of traf.truns) for (let i = 0; i < trun.sample_count; i++) time += trun.sample_duration[i] ?? sampleDuration;
      end = Math.max(end, time);
    }
  return { hasAudio: true, hasVideo: info.videoTracks.length > 0, duration: end / track.timescale };
}

/** The extension a checked type is saved with. */
export function extensionOf(contentType: string | null): string {
  return Object.values(AUDIO_TYPES).find((t) => t.contentType === contentType)?.extension ?? "bin";
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
