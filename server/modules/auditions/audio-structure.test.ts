import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { makeWav } from "../../test/wav";
import { checkAudio } from "./audio";

const HTML = Buffer.from("<html><script>alert(document.cookie)</script></html>\n".repeat(40));

const stored = (bytes: Buffer) => ({
  size: bytes.length,
  read: async (start: number, end: number) => Readable.from([bytes.subarray(start, end + 1)]),
});
const typeOf = async (bytes: Buffer) => (await checkAudio(stored(bytes)))?.contentType ?? null;

/** MPEG-1 Layer III frames, 128 kbit/s at 44.1 kHz: 417 bytes each, silent. */
function mp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** ADTS frames (AAC LC, 44.1 kHz, stereo) of `length` bytes each. */
function adts(frames: number, length = 200): Buffer {
  const frame = Buffer.alloc(length);
  frame.set([0xff, 0xf1, 0x50, 0x80 | (length >> 11), (length >> 3) & 0xff, ((length & 7) << 5) | 0x1f, 0xfc]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** An Ogg page holding `payload` in one segment (up to 255 bytes). */
function oggPage(payload: Buffer, first: boolean, sequence: number): Buffer {
  const header = Buffer.alloc(28);
  header.write("OggS", 0, "latin1");
  header[5] = first ? 0x02 : 0;
  header.writeUInt32LE(sequence, 18);
  header[26] = 1;
  header[27] = payload.length;
  return Buffer.concat([header, payload]);
}
const vorbis = () =>
  Buffer.concat([
    oggPage(Buffer.concat([Buffer.from("\x01vorbis", "latin1"), Buffer.alloc(23, 1)]), true, 0),
    oggPage(Buffer.alloc(200, 3), false, 1),
  ]);

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};
const m4a = (boxes = ["moov", "mdat"]) =>
  Buffer.concat([box("ftyp", Buffer.from("M4A \0\0\0\0M4A isom", "latin1")), ...boxes.map((type) => box(type, Buffer.alloc(64, 2)))]);

function flac(afterMetadata: Buffer): Buffer {
  const streamInfo = Buffer.alloc(42);
  streamInfo.write("fLaC", 0, "latin1");
  streamInfo.set([0x80, 0, 0, 34], 4);
  // Block sizes 4096, sample rate 44.1 kHz, 2 channels, 16 bits.
  streamInfo.set([0x10, 0x00, 0x10, 0x00, 0, 0, 0, 0, 0, 0, 0x0a, 0xc4, 0x42, 0xf0, 0, 0, 0, 0], 8);
  return Buffer.concat([streamInfo, afterMetadata]);
}

describe("an audio file's whole structure (docs/product.md 'No one can block or spoil the hand-in')", () => {
  it("when a WAV's chunks add up to the file, with fmt and data, then it is a WAV; a RIFF header in front of anything else is not", async () => {
    expect(await typeOf(makeWav({ seconds: 1 }))).toBe("audio/wav");
    // The 44-byte header of a one-second WAV, then a page of HTML.
    expect(await typeOf(Buffer.concat([makeWav({ seconds: 1 }).subarray(0, 44), HTML]))).toBeNull();
    // A whole WAV with HTML after it: the RIFF size no longer matches the file.
    expect(await typeOf(Buffer.concat([makeWav({ seconds: 1 }), HTML]))).toBeNull();
    // The RIFF size made to match, but the chunks do not reach the end.
    const lying = Buffer.concat([makeWav({ seconds: 1 }), HTML]);
    lying.writeUInt32LE(lying.length - 8, 4);
    expect(await typeOf(lying)).toBeNull();
    // A data chunk with no fmt before it.
    const noFmt = makeWav({ seconds: 1 });
    noFmt.write("junk", 12, "latin1");
    expect(await typeOf(noFmt)).toBeNull();
  });

  it("when MP3 or ADTS frames run to the end (tags allowed), then they are audio; frames followed by HTML are not", async () => {
    expect(await typeOf(mp3(40))).toBe("audio/mpeg");
    const id3v2 = Buffer.concat([Buffer.from("ID3\x03\x00\x00\x00\x00\x00\x0a", "latin1"), Buffer.alloc(10)]);
    const id3v1 = Buffer.concat([Buffer.from("TAG", "latin1"), Buffer.alloc(125)]);
    expect(await typeOf(Buffer.concat([id3v2, mp3(40), id3v1]))).toBe("audio/mpeg");
    expect(await typeOf(Buffer.concat([mp3(3), HTML]))).toBeNull();
    expect(await typeOf(adts(40))).toBe("audio/aac");
    expect(await typeOf(Buffer.concat([adts(3), HTML]))).toBeNull();
  });

  it("when Ogg pages run to the end, then it is Ogg audio; pages followed by HTML are not", async () => {
    expect(await typeOf(vorbis())).toBe("audio/ogg");
    expect(await typeOf(Buffer.concat([vorbis(), HTML]))).toBeNull();
  });

  it("when an M4A's boxes add up to the file with moov and mdat, then it is M4A; with HTML after them, or no index, it is not", async () => {
    expect(await typeOf(m4a())).toBe("audio/mp4");
    expect(await typeOf(Buffer.concat([m4a(), HTML]))).toBeNull();
    expect(await typeOf(m4a(["mdat"]))).toBeNull();
  });

  it("when FLAC's metadata blocks lead to a frame, then it is FLAC; HTML after the metadata is not", async () => {
    expect(await typeOf(flac(Buffer.concat([Buffer.from([0xff, 0xf8]), Buffer.alloc(500, 5)])))).toBe("audio/flac");
    expect(await typeOf(flac(HTML))).toBeNull();
  });

  it("when the file is HTML, empty or cut inside a header, then it is not audio", async () => {
    expect(await typeOf(HTML)).toBeNull();
    expect(await typeOf(Buffer.alloc(0))).toBeNull();
    expect(await typeOf(makeWav({ seconds: 1 }).subarray(0, 30))).toBeNull();
  });
});
