/**
 * The audio worker (a thread of its own, with a heap and a time limit: audio-inspector.ts): reads
 * a listener's WebM or MP4 recording for its tracks and length. These parsers walk element sizes
 * and sample counts a stranger wrote, so a file made to make them loop or allocate without end
 * ends this thread, not the server's. (An Ogg file is read on the server's thread by
 * music-metadata, page by page: audio.ts.)
 */
import { createFile, MP4BoxBuffer } from "mp4box";
import { Decoder, tools } from "ts-ebml";
import type { AudioContainer, AudioInspection } from "./audio";

export interface AudioTask {
  body: Uint8Array;
  container: AudioContainer;
}

/** Matroska's track types (TrackType). */
const VIDEO_TRACK = 1;
const AUDIO_TRACK = 2;
/** More samples than 3 minutes of any browser's audio could hold (Opus: 50 a second; AAC: about 47). */
const MAX_SAMPLES = 100_000;

const arrayBufferOf = (body: Uint8Array) => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer;

/**
 * A WebM (Matroska) file's tracks and length. A browser's MediaRecorder writes WebM as a live
 * stream: the segment and every cluster of unknown size, and no duration in its info (Chromium),
 * or a duration of 0 (Firefox); music-metadata cannot read those files, ts-ebml's decoder can.
 * The length is the info's duration when it gives one, else where the last block starts (its
 * cluster's timestamp plus its own offset).
 */
function matroskaAudio(body: Uint8Array): AudioInspection {
  const tracks = new Set<number>();
  let nanosPerTick = 1_000_000;
  let declared = 0;
  let cluster = 0;
  let lastBlock = 0;
  for (const element of new Decoder().decode(arrayBufferOf(body))) {
    if (element.type === "m") continue;
    if (element.name === "TimestampScale") nanosPerTick = Number(element.value);
    else if (element.name === "Duration") declared = Number(element.value);
    else if (element.name === "TrackType") tracks.add(Number(element.value));
    else if (element.name === "Timestamp") cluster = Number(element.value);
    else if (element.name === "SimpleBlock" || element.name === "Block")
      lastBlock = Math.max(lastBlock, cluster + tools.ebmlBlock(Buffer.from(element.data)).timecode);
  }
  const ticks = declared > 0 ? declared : lastBlock;
  return { hasAudio: tracks.has(AUDIO_TRACK), hasVideo: tracks.has(VIDEO_TRACK), duration: (ticks * nanosPerTick) / 1e9 };
}

/**
 * An MP4 file's tracks and length. A browser's MediaRecorder (Safari's AAC, Chromium's) writes
 * fragmented MP4: the movie's own duration is 0 and the real length is in the fragments, which
 * music-metadata does not add up. mp4box parses the boxes; the length is where the audio track's
 * last fragment ends (its decode time plus its samples' durations), else the movie's duration
 * for a file that is not fragmented.
 */
function mp4Audio(body: Uint8Array): AudioInspection {
  const file = createFile();
  file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(arrayBufferOf(body), 0));
  file.flush();
  const info = file.getInfo();
  const track = info.audioTracks[0];
  const hasVideo = info.videoTracks.length > 0;
  if (!info.hasMoov || !track) return { hasAudio: false, hasVideo };
  if (!info.isFragmented) return { hasAudio: true, hasVideo, duration: info.duration / info.timescale };
  const trex = file.moov?.mvex?.trexs.find((t) => t.track_id === track.id);
  let end = 0;
  let samples = 0;
  for (const moof of file.moofs)
    for (const traf of moof.trafs) {
      if (traf.tfhd?.track_id !== track.id) continue;
      const sampleDuration = traf.tfhd.default_sample_duration ?? trex?.default_sample_duration ?? 0;
      let time = Number(traf.tfdt?.baseMediaDecodeTime ?? 0);
      for (const trun of traf.truns) {
        samples += trun.sample_count;
        if (samples > MAX_SAMPLES) throw new Error("more samples than a voice message holds");
        for (let i = 0; i < trun.sample_count; i++) time += trun.sample_duration[i] ?? sampleDuration;
      }
      end = Math.max(end, time);
    }
  return { hasAudio: true, hasVideo, duration: end / track.timescale };
}

export default function inspectAudio({ body, container }: AudioTask): AudioInspection {
  return container === "matroska" ? matroskaAudio(body) : mp4Audio(body);
}
