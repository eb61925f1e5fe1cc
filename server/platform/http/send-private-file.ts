import { pipeline } from "node:stream/promises";
import type { Request, Response } from "express";
import type { Readable } from "node:stream";

/** A stored file only a signed-in person may fetch (a hand-in, a listener's recording). */
export interface PrivateFile {
  fileName: string;
  contentType: string;
  size: number;
  read(start: number, end: number): Promise<Readable>;
}

/**
 * Answers a private file as an attachment, never cached, with one byte range answered (`206`, or
 * `416` past its end), so the owner's player seeks in a long recording without loading it all.
 */
export async function sendPrivateFile(req: Request, res: Response, file: PrivateFile): Promise<void> {
  res.attachment(file.fileName);
  res.set({
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
  const ranges = req.range(file.size);
  if (ranges === -1) {
    res.status(416).set("Content-Range", `bytes */${file.size}`).end();
    return;
  }
  let [start, end] = [0, file.size - 1];
  if (Array.isArray(ranges) && ranges.type === "bytes" && ranges.length === 1) {
    [start, end] = [ranges[0]!.start, ranges[0]!.end];
    res.status(206).set("Content-Range", `bytes ${start}-${end}/${file.size}`);
  }
  res.set("Content-Length", String(end - start + 1));
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  try {
    await pipeline(await file.read(start, end), res);
  } catch (err) {
    // A player that seeks drops the answer it no longer needs: not a failure.
    if ((err as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") throw err;
  }
}
