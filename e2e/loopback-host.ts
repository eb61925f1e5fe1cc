import http from "node:http";

/**
 * "Other hosts" for the browser tests, on loopback: a podcast's feed, its audio and pictures
 * come from a server the test starts, never from the network.
 */

/** A quiet WAV of `seconds`: 8 kHz, 8-bit mono, with a RIFF header (small, and every browser plays it). */
export function quietWav(seconds: number): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(rate * seconds, 128);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Audio as a podcast host answers a player: the whole file, or the byte range asked for (206), so seeking works. */
export function sendAudio(req: http.IncomingMessage, res: http.ServerResponse, audio: Buffer, type = "audio/wav"): void {
  const range = /bytes=(\d+)-(\d*)/.exec(req.headers.range ?? "");
  if (!range) {
    res.writeHead(200, { "Content-Type": type, "Content-Length": audio.length, "Accept-Ranges": "bytes" }).end(audio);
    return;
  }
  const start = Number(range[1]);
  const end = range[2] ? Number(range[2]) : audio.length - 1;
  res
    .writeHead(206, {
      "Content-Type": type,
      "Content-Range": `bytes ${start}-${end}/${audio.length}`,
      "Content-Length": end - start + 1,
      "Accept-Ranges": "bytes",
    })
    .end(audio.subarray(start, end + 1));
}

/** A podcast's chapters as its host serves them (JSON chapters, version 1.2.0). */
export function sendChapters(
  res: http.ServerResponse,
  chapters: Array<{ startTime: number; title: string; img?: string; url?: string }>,
): void {
  res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ version: "1.2.0", chapters }));
}

/** A server on 127.0.0.1 and a free port: its base address, and a close that waits for it to stop. */
export async function listenOnLoopback(handler: http.RequestListener): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** A podcast host that serves one feed at `/feed.xml`. */
export async function feedHost(xml: string): Promise<{ url: string; close: () => Promise<void> }> {
  const host = await listenOnLoopback((_req, res) => res.writeHead(200, { "Content-Type": "application/rss+xml" }).end(xml));
  return { url: `${host.base}/feed.xml`, close: host.close };
}
