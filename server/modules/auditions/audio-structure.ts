/**
 * Whether an audio file's structure runs whole from its first byte to its last (docs/product.md
 * "No one can block or spoil the hand-in": a RIFF header in front of HTML is not a WAV). The
 * signature (file-type) says which kind a file claims to be; these walks check that its chunks,
 * boxes, frames or pages account for every byte, as the formats' specifications lay them out:
 * RIFF/WAVE (Microsoft's Multimedia Programming Interface, 1991), ISO/IEC 14496-12 boxes, ISO/IEC
 * 11172-3 and 13818-3 Layer III frames, ISO/IEC 13818-7 ADTS frames, RFC 3533 Ogg pages and the
 * FLAC format's metadata blocks (RFC 9639).
 */

/** A file read by position; null when the range runs past its end. */
export interface ByteWindow {
  size: number;
  bytes(at: number, length: number): Promise<Buffer | null>;
}

/** More headers than this (chunks, boxes) is not a real file's layout, and each may cost a read. */
const MAX_HEADERS = 10_000;

const text = (b: Buffer, from: number, to: number) => b.toString("latin1", from, to);

/** RIFF/WAVE: the RIFF size is the file's, chunks (each padded to an even length) end exactly at its end, fmt before data. */
async function isWav(file: ByteWindow): Promise<boolean> {
  const head = await file.bytes(0, 12);
  if (!head || text(head, 0, 4) !== "RIFF" || text(head, 8, 12) !== "WAVE" || head.readUInt32LE(4) + 8 !== file.size) return false;
  let hasFmt = false;
  let hasData = false;
  for (let at = 12, n = 0; at < file.size; n++) {
    const chunk = await file.bytes(at, 8);
    if (!chunk || n > MAX_HEADERS) return false;
    const length = chunk.readUInt32LE(4);
    const id = text(chunk, 0, 4);
    if (id === "fmt ") {
      if (!(await isWavFormat(file, at, length)) || hasData) return false;
      hasFmt = true;
    }
    if (id === "data") {
      if (!hasFmt) return false;
      hasData = true;
    }
    const end = at + 8 + length;
    if (!isWavChunkWhole(end, length, file.size)) return false;
    at = Math.min(end + (length % 2), file.size);
  }
  return hasFmt && hasData;
}

/** Whether the fmt chunk at `at` describes a real format. */
async function isWavFormat(file: ByteWindow, at: number, length: number): Promise<boolean> {
  const fmt = length >= 16 ? await file.bytes(at + 8, 16) : null;
  // Channels, sample rate and block alignment: a real format has all three.
  return !!fmt && fmt.readUInt16LE(2) !== 0 && fmt.readUInt32LE(4) !== 0 && fmt.readUInt16LE(12) !== 0;
}

/** Whether a chunk ending at `end` fits in the file, its pad byte included. */
function isWavChunkWhole(end: number, length: number, size: number): boolean {
  // A last chunk of odd length may lack its pad byte; any other must be whole.
  return !(end > size || (end + (length % 2) > size && end !== size));
}

/** MP4/M4A: top-level boxes, ftyp first, add up to the file, with the index (moov) and the media (mdat). */
async function isMp4(file: ByteWindow): Promise<boolean> {
  const seen = new Set<string>();
  for (let at = 0, n = 0; at < file.size; n++) {
    const box = await file.bytes(at, 8);
    if (!box || n > MAX_HEADERS) return false;
    const type = text(box, 4, 8);
    if (n === 0 && type !== "ftyp") return false;
    let length = box.readUInt32BE(0);
    if (length === 1) {
      const large = await file.bytes(at + 8, 8);
      if (!large) return false;
      length = Number(large.readBigUInt64BE(0));
    } else if (length === 0) {
      length = file.size - at;
    }
    if (length < 8 || at + length > file.size) return false;
    seen.add(type);
    at += length;
  }
  return seen.has("moov") && seen.has("mdat");
}

/** Where the frames end: before an ID3v1 tag and an APEv2 tag at the end, which players expect there. */
async function framesEnd(file: ByteWindow): Promise<number> {
  let end = file.size;
  const id3v1 = end >= 128 ? await file.bytes(end - 128, 3) : null;
  if (id3v1 && text(id3v1, 0, 3) === "TAG") end -= 128;
  const ape = end >= 32 ? await file.bytes(end - 32, 32) : null;
  if (ape && text(ape, 0, 8) === "APETAGEX") end -= ape.readUInt32LE(12) + (ape.readUInt32LE(20) & 0x80000000 ? 32 : 0);
  return end;
}

/** Where the frames start: after an ID3v2 tag (its size is "syncsafe", 7 bits a byte), if any. */
async function framesStart(file: ByteWindow): Promise<number> {
  const id3 = await file.bytes(0, 10);
  if (!id3 || text(id3, 0, 3) !== "ID3") return 0;
  const size = (id3[6]! << 21) | (id3[7]! << 14) | (id3[8]! << 7) | id3[9]!;
  return 10 + size + (id3[5]! & 0x10 ? 10 : 0);
}

/** Walks frames of a length each header gives, from `start`: they must end exactly at `end`. */
async function framesRunTo(file: ByteWindow, start: number, end: number, frameLength: (header: Buffer) => number): Promise<boolean> {
  if (start >= end) return false;
  for (let at = start; at < end;) {
    const header = await file.bytes(at, 7);
    const length = header ? frameLength(header) : 0;
    if (length <= 0 || at + length > end) return false;
    at += length;
  }
  return true;
}

const MP3_BITRATES = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_RATES = [44_100, 48_000, 32_000];

/** A Layer III frame's length from its header (MPEG-1, 2 and 2.5); 0 when it is not one (free format included). */
function mp3FrameLength(h: Buffer): number {
  if (h[0] !== 0xff || (h[1]! & 0xe0) !== 0xe0 || ((h[1]! >> 1) & 3) !== 1) return 0;
  const version = (h[1]! >> 3) & 3; // 0: MPEG-2.5, 2: MPEG-2, 3: MPEG-1
  const bitrate = (version === 3 ? MP3_BITRATES.mpeg1 : MP3_BITRATES.mpeg2)[h[2]! >> 4];
  const rateIndex = (h[2]! >> 2) & 3;
  if (version === 1 || !bitrate || rateIndex === 3) return 0;
  const rate = MP3_RATES[rateIndex]! / (version === 3 ? 1 : version === 2 ? 2 : 4);
  return Math.floor(((version === 3 ? 144 : 72) * bitrate * 1000) / rate) + ((h[2]! >> 1) & 1);
}

/** An ADTS frame's length from its header (13 bits, header included); 0 when it is not one. */
function adtsFrameLength(h: Buffer): number {
  if (h[0] !== 0xff || (h[1]! & 0xf6) !== 0xf0) return 0;
  const length = ((h[3]! & 0x03) << 11) | (h[4]! << 3) | (h[5]! >> 5);
  return length >= 7 ? length : 0;
}

/** Ogg: pages, the first opening a stream, each "OggS" version 0 with its segment table, end to end. */
async function isOgg(file: ByteWindow): Promise<boolean> {
  for (let at = 0; at < file.size;) {
    const page = await file.bytes(at, 27);
    if (!page || text(page, 0, 4) !== "OggS" || page[4] !== 0 || (at === 0 && !(page[5]! & 0x02))) return false;
    const table = await file.bytes(at + 27, page[26]!);
    if (!table) return false;
    at += 27 + table.length + table.reduce((sum, n) => sum + n, 0);
    if (at > file.size) return false;
  }
  return true;
}

/** FLAC: "fLaC", STREAMINFO first, metadata blocks up to the last one, then a frame's sync code. */
async function isFlac(file: ByteWindow): Promise<boolean> {
  const magic = await file.bytes(0, 4);
  if (!magic || text(magic, 0, 4) !== "fLaC") return false;
  for (let at = 4, n = 0; ; n++) {
    const block = await file.bytes(at, 4);
    if (!block || n > MAX_HEADERS) return false;
    const type = block[0]! & 0x7f;
    const length = block.readUIntBE(1, 3);
    if (type === 127 || (n === 0 && (type !== 0 || length !== 34))) return false;
    at += 4 + length;
    if (block[0]! & 0x80) {
      const sync = await file.bytes(at, 2);
      return !!sync && sync[0] === 0xff && (sync[1]! & 0xfe) === 0xf8;
    }
  }
}

/** Whether a file of the kind its signature says (file-type's extension) is that kind from end to end. */
export async function isWholeFile(ext: string, file: ByteWindow): Promise<boolean> {
  switch (ext) {
    case "wav":
      return isWav(file);
    case "m4a":
    case "mp4":
      return isMp4(file);
    case "mp3":
      return framesRunTo(file, await framesStart(file), await framesEnd(file), mp3FrameLength);
    case "aac":
      return framesRunTo(file, await framesStart(file), await framesEnd(file), adtsFrameLength);
    case "ogg":
    case "oga":
    case "opus":
      return isOgg(file);
    case "flac":
      return isFlac(file);
    default:
      return false;
  }
}
