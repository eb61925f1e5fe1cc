import crypto from "node:crypto";
import { createWriteStream } from "node:fs";
import fs, { type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { LargeFileStore } from "./large-files";
import { assertObjectId } from "./store";

const BATCH_BYTES = 1024 * 1024;

/** A part being written: closed when completing begins, and the write it may be in the middle of. */
interface PartWriter {
  isClosed: boolean;
  /** Settles when the writer is closed, so a body that has stalled does not keep it waiting. */
  closed: Promise<void>;
  close(): void;
  writing: Promise<void> | null;
}

/** The parts being written in this process, by upload. */
class PartWriters {
  private readonly byId = new Map<string, Set<PartWriter>>();

  add(id: string): PartWriter {
    let close = () => {};
    const closed = new Promise<void>((resolve) => (close = resolve));
    const writer: PartWriter = { isClosed: false, closed, writing: null, close: () => ((writer.isClosed = true), close()) };
    this.byId.set(id, (this.byId.get(id) ?? new Set()).add(writer));
    return writer;
  }

  remove(id: string, writer: PartWriter): void {
    const set = this.byId.get(id);
    set?.delete(writer);
    if (set?.size === 0) this.byId.delete(id);
  }

  /** Stops every writer of an upload, and waits for a write one of them is in the middle of. */
  async close(id: string): Promise<void> {
    const set = [...(this.byId.get(id) ?? [])];
    for (const writer of set) writer.close();
    await Promise.all(set.map((w) => w.writing?.catch(() => {})));
  }
}

/**
 * Writes a part's body at `offset` as it arrives. Chunks are gathered up to 1 MiB and written in
 * one call: fewer system calls, and at most that much of a part held at a time. Nothing is
 * written once the writer is closed.
 */
async function writeBody(
  handle: FileHandle,
  writer: PartWriter,
  offset: number,
  bytes: number,
  body: AsyncIterable<Buffer>,
): Promise<"ok" | "too-large" | "short" | "closed"> {
  let received = 0;
  let written = 0;
  let batch: Buffer[] = [];
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
  };
  /** Writes the batch unless the writer was closed; the check and the start of the write are one step. */
  const guardedFlush = async () => {
    if (writer.isClosed) return false;
    writer.writing = flush();
    await writer.writing;
    writer.writing = null;
    return true;
  };
  const chunks = body[Symbol.asyncIterator]();
  for (let batchBytes = 0; ;) {
    const next = await Promise.race([chunks.next(), writer.closed.then(() => null)]);
    if (next === null || writer.isClosed) return "closed";
    if (next.done) break;
    received += next.value.length;
    if (received > bytes) return "too-large";
    batch.push(next.value);
    batchBytes += next.value.length;
    if (batchBytes >= BATCH_BYTES) {
      if (!(await guardedFlush())) return "closed";
      batchBytes = 0;
    }
  }
  if (!(await guardedFlush())) return "closed";
  batch = [];
  return written === bytes ? "ok" : "short";
}

/**
 * Large files under one folder (DATA_DIR/objects/auditions). An upload is one file, `{id}.upload`,
 * each part written at its place as its bytes arrive (positioned writes, so a 1 GB file costs
 * the server no more memory than a small one); completing it stops every writer and copies the
 * upload into the file kept (a clone where the file system can).
 */
export function createLocalLargeFiles(dir: string): LargeFileStore {
  const root = path.resolve(dir);
  const fileOf = (id: string) => {
    assertObjectId(id);
    return path.join(root, id);
  };
  const uploadOf = (id: string) => `${fileOf(id)}.upload`;
  const tmpOf = (id: string) => path.join(root, `.${id}.${crypto.randomBytes(4).toString("hex")}.tmp`);
  const writers = new PartWriters();

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
      // Known before the file is opened, so a completion that begins meanwhile stops it before it writes.
      const writer = writers.add(id);
      try {
        const handle = await fs.open(uploadOf(id), "r+");
        try {
          return await writeBody(handle, writer, offset, bytes, body);
        } finally {
          await handle.close();
        }
      } finally {
        writers.remove(id, writer);
      }
    },
    async completeUpload(id, _uploadId, partSizes) {
      const joining = `${fileOf(id)}.joining`;
      // Renamed first: a part that starts after this finds no upload to write to.
      await fs.rename(uploadOf(id), joining);
      await writers.close(id);
      const tmp = tmpOf(id);
      try {
        // Copied into a new file: a writer in another process that still holds the upload open
        // writes only into the old one, which is removed below, never into the file checked and kept.
        await fs.copyFile(joining, tmp, fs.constants.COPYFILE_FICLONE);
        const handle = await fs.open(tmp, "r+");
        try {
          // Parts written at their places leave the file as long as its furthest part; it must be exactly the sum.
          await handle.truncate(partSizes.reduce((a, b) => a + b, 0));
          await handle.datasync();
        } finally {
          await handle.close();
        }
        await fs.rename(tmp, fileOf(id));
        await fs.rm(joining, { force: true });
      } catch (err) {
        await fs.rm(tmp, { force: true });
        await fs.rename(joining, uploadOf(id)).catch(() => {});
        throw err;
      }
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
      const tmp = tmpOf(id);
      try {
        await pipeline(body, createWriteStream(tmp, { flush: true }));
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async remove(id) {
      await Promise.all([fileOf(id), uploadOf(id), `${fileOf(id)}.joining`].map((file) => fs.rm(file, { force: true })));
    },
  };
}
