/**
 * Real Ogg Opus and WebM files made on the spot, as a browser's MediaRecorder sends them: what a
 * listener's voice message is, for the tests, the attack script and the benchmark. The audio
 * packets are 20 ms CELT frames of filler bytes (a decoder plays them as noise); the containers
 * are exact: Ogg pages with their CRCs and granule positions, or WebM's EBML with an Opus track
 * and, like Chromium's recorder, no duration.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

function oggCrc(data: Buffer): number {
  let crc = 0;
  for (const byte of data) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) & 0xff) ^ byte]!) >>> 0;
  return crc;
}

function oggPage(packets: Buffer[], options: { serial: number; sequence: number; granule: bigint; first?: boolean; last?: boolean }) {
  const lacing: number[] = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      lacing.push(255);
      n -= 255;
    }
    lacing.push(n);
  }
  const header = Buffer.alloc(27 + lacing.length);
  header.write("OggS", 0, "latin1");
  header[5] = (options.first ? 0x02 : 0) | (options.last ? 0x04 : 0);
  header.writeBigInt64LE(options.granule, 6);
  header.writeUInt32LE(options.serial, 14);
  header.writeUInt32LE(options.sequence, 18);
  header[26] = lacing.length;
  Buffer.from(lacing).copy(header, 27);
  const page = Buffer.concat([header, ...packets]);
  page.writeUInt32LE(oggCrc(page), 22);
  return page;
}

/** A 20 ms mono CELT frame (TOC 0xF8) of `bytes` bytes, filler after the TOC. */
function opusPacket(bytes: number, n: number): Buffer {
  const packet = Buffer.alloc(Math.max(1, bytes), (n * 37) & 0xff);
  packet[0] = 0xf8;
  return packet;
}

/**
 * An Ogg Opus file of `seconds` seconds, mono 48 kHz, at about `bitsPerSecond` (default 88 kbit/s:
 * three minutes make about 2 MB, as a browser's recording of speech does at its default quality).
 */
export function makeOggOpus(options: { seconds: number; bitsPerSecond?: number }): Buffer {
  const serial = 0x1234abcd;
  const packetBytes = Math.round(((options.bitsPerSecond ?? 88_000) / 8) * 0.02);
  const head = Buffer.alloc(19);
  head.write("OpusHead", 0, "latin1");
  head[8] = 1; // version
  head[9] = 1; // channels
  head.writeUInt16LE(312, 10); // pre-skip
  head.writeUInt32LE(48_000, 12);
  const vendor = Buffer.from("podcast-site tests", "utf8");
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write("OpusTags", 0, "latin1");
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  const pages = [oggPage([head], { serial, sequence: 0, granule: 0n, first: true }), oggPage([tags], { serial, sequence: 1, granule: 0n })];
  const packets = Math.round(options.seconds * 50);
  const perPage = 50; // a second a page
  for (let at = 0, sequence = 2; at < packets; at += perPage, sequence++) {
    const count = Math.min(perPage, packets - at);
    const body = Array.from({ length: count }, (_, i) => opusPacket(packetBytes, at + i));
    const granule = BigInt((at + count) * 960 + 312);
    pages.push(oggPage(body, { serial, sequence, granule, last: at + count >= packets }));
  }
  return Buffer.concat(pages);
}

/** An EBML element: its id's bytes, its size (in the 8-byte form), its body. */
function ebml(id: number[], body: Buffer | Buffer[]): Buffer {
  const data = Array.isArray(body) ? Buffer.concat(body) : body;
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length));
  size[0] = 0x01;
  return Buffer.concat([Buffer.from(id), size, data]);
}

const uint = (value: number, bytes = 4) => {
  const b = Buffer.alloc(bytes);
  b.writeUIntBE(value, 0, bytes);
  return b;
};

/**
 * A WebM file with one Opus track, as Chromium's MediaRecorder writes it: the segment's size
 * unknown and no duration in its info, clusters of SimpleBlocks of 20 ms each.
 */
export function makeWebmOpus(options: { seconds: number; bitsPerSecond?: number }): Buffer {
  const packetBytes = Math.round(((options.bitsPerSecond ?? 88_000) / 8) * 0.02);
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    [
      ebml([0x42, 0x86], uint(1, 1)),
      ebml([0x42, 0xf7], uint(1, 1)),
      ebml([0x42, 0xf2], uint(4, 1)),
      ebml([0x42, 0xf3], uint(8, 1)),
      ebml([0x42, 0x82], Buffer.from("webm")),
      ebml([0x42, 0x87], uint(4, 1)),
      ebml([0x42, 0x85], uint(2, 1)),
    ],
  );
  const info = ebml(
    [0x15, 0x49, 0xa9, 0x66],
    [
      ebml([0x2a, 0xd7, 0xb1], uint(1_000_000)),
      ebml([0x4d, 0x80], Buffer.from("podcast-site tests")),
      ebml([0x57, 0x41], Buffer.from("podcast-site tests")),
    ],
  );
  const opusHead = Buffer.alloc(19);
  opusHead.write("OpusHead", 0, "latin1");
  opusHead[8] = 1;
  opusHead[9] = 1;
  opusHead.writeUInt32LE(48_000, 12);
  const tracks = ebml(
    [0x16, 0x54, 0xae, 0x6b],
    [
      ebml(
        [0xae],
        [
          ebml([0xd7], uint(1, 1)),
          ebml([0x73, 0xc5], uint(1, 4)),
          ebml([0x83], uint(2, 1)),
          ebml([0x86], Buffer.from("A_OPUS")),
          ebml([0x63, 0xa2], opusHead),
          ebml([0xe1], [ebml([0xb5], Buffer.from([0x40, 0xe7, 0x70, 0x00, 0x00, 0x00, 0x00, 0x00])), ebml([0x9f], uint(1, 1))]),
        ],
      ),
    ],
  );
  const clusters: Buffer[] = [];
  const packets = Math.round(options.seconds * 50);
  for (let at = 0; at < packets; at += 50) {
    const blocks: Buffer[] = [ebml([0xe7], uint(at * 20))];
    for (let i = 0; i < Math.min(50, packets - at); i++) {
      const head = Buffer.from([0x81, 0, 0, 0x80]);
      head.writeInt16BE(i * 20, 1);
      blocks.push(ebml([0xa3], [head, opusPacket(packetBytes, at + i)]));
    }
    clusters.push(ebml([0x1f, 0x43, 0xb6, 0x75], blocks));
  }
  const segment = Buffer.concat([
    Buffer.from([0x18, 0x53, 0x80, 0x67]),
    Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    info,
    tracks,
    ...clusters,
  ]);
  return Buffer.concat([header, segment]);
}
