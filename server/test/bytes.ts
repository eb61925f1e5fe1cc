import { PassThrough } from "node:stream";
import type supertest from "supertest";

/** A supertest parser that keeps the body as bytes: `.buffer(true).parse(binary)`. */
export const binary: Parameters<supertest.Test["parse"]>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on("data", (chunk: Buffer) => chunks.push(chunk));
  res.on("end", () => done(null, Buffer.concat(chunks)));
};

/** All that `write` writes to a stream (a backup, say), as one buffer. */
export async function toBuffer(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  await write(out);
  return Buffer.concat(chunks);
}
