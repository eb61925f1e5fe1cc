import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { LargeFileStore } from "./large-files";
import { assertObjectId } from "./store";

const BATCH_BYTES = 1024 * 1024;

/**
 * Large files under one folder (DATA_DIR/objects/auditions). An upload is one file, `{id}.upload`,
 * each part written at its place as its bytes arrive (positioned writes, so a 1 GB file costs
 * the server no more memory than a small one, and no copy at the end); completing it is a flush
 * and a rename.
 */
export function createLocalLargeFiles(dir: string): LargeFileStore {
  const root = path.resolve(dir);
  const fileOf = (id: string) => {
    assertObjectId(id);
    return path.join(root, id);
  };
  const uploadOf = (id: string) => `${fileOf(id)}.upload`;

  return {
    kind: "local",
    async beginUpload(id) {
      await fs.mkdir(root, { recursive: true });
      // "wx": a fresh file, never one that exists.
      await (await fs.open(uploadOf(id), "wx")).close();
      return "local";
    },
    async signPart() {
      return null;
    },
    async signListParts() {
      return null;
    },
    async writePart(id, offset, bytes, body) {
      const handle = await fs.open(uploadOf(id), "r+");
      let received = 0;
      let written = 0;
      // Chunks are gathered up to 1 MiB and written in one call: fewer system calls, and at most
      // that much of a part held at a time.
      let batch: Buffer[] = [];
      let batchBytes = 0;
      const flush = async () => {
        let position = offset + written;
        for (let at = 0; batch.length > 0;) {
          const { bytesWritten } = await handle.writev(batch, position);
          written += bytesWritten;
          position += bytesWritten;
          at += bytesWritten;
          // A short write (possible in principle): keep what is left.
          while (batch.length > 0 && at >= batch[0]!.length) at -= batch.shift()!.length;
          if (at > 0) {
            batch[0] = batch[0]!.subarray(at);
            at = 0;
          }
        }
        batchBytes = 0;
      };
      try {
        for await (const chunk of body) {
          received += chunk.length;
          if (received > bytes) return "too-large";
          batch.push(chunk);
          batchBytes += chunk.length;
          if (batchBytes >= BATCH_BYTES) await flush();
        }
        await flush();
      } finally {
        batch = [];
        await handle.close();
      }
      return written === bytes ? "ok" : "short";
    },
    async completeUpload(id, _uploadId, partSizes) {
      const upload = uploadOf(id);
      const handle = await fs.open(upload, "r+");
      try {
        // Parts written at their places leave the file as long as its furthest part; it must be exactly the sum.
        await handle.truncate(partSizes.reduce((a, b) => a + b, 0));
        await handle.datasync();
      } finally {
        await handle.close();
      }
      await fs.rename(upload, fileOf(id));
    },
    async abortUpload(id) {
      await fs.rm(uploadOf(id), { force: true });
    },
    async size(id) {
      try {
        return (await fs.stat(fileOf(id))).size;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async read(id, start, end) {
      // Opened first, so a missing file fails here rather than later on the stream.
      const handle = await fs.open(fileOf(id), "r");
      return handle.createReadStream({ start, end, autoClose: true });
    },
    async writeFrom(id, body: Readable) {
      const file = fileOf(id);
      await fs.mkdir(root, { recursive: true });
      const tmp = path.join(root, `.${id}.${crypto.randomBytes(4).toString("hex")}.tmp`);
      try {
        await pipeline(body, createWriteStream(tmp, { flush: true }));
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async remove(id) {
      await Promise.all([fs.rm(fileOf(id), { force: true }), fs.rm(uploadOf(id), { force: true })]);
    },
  };
}
