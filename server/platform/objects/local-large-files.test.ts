import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalLargeFiles } from "./local-large-files";

async function* bodyOf(bytes: Buffer) {
  yield bytes;
}
const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "large-files-"));

/** A part's body the test hands out chunk by chunk: the rest waits until `release`. */
function heldBody(first: Buffer) {
  let release: (rest: Buffer) => void = () => {};
  const rest = new Promise<Buffer>((resolve) => (release = resolve));
  async function* body() {
    yield first;
    yield await rest;
  }
  return { body: body(), release };
}

/** An upload begun in a fresh folder of its own. */
async function begunUpload() {
  const dir = tempDir();
  const files = createLocalLargeFiles(dir);
  const id = crypto.randomUUID();
  await files.beginUpload(id);
  return { dir, files, id };
}

describe("local large files: completing an upload (docs/product.md 'No one can block or spoil the hand-in')", () => {
  it("when a part is still streaming as completing begins, then it is closed, writes nothing more, and the finished file holds the parts as they were", async () => {
    const { dir, files, id } = await begunUpload();
    const good = Buffer.alloc(2_000, 7);
    expect(await files.writePart!(id, 0, good.length, bodyOf(good))).toBe("ok");

    // The same part sent again, its first chunk under the 1 MiB batch, the rest still on its way.
    const held = heldBody(Buffer.from("<html><script>"));
    const writing = files.writePart!(id, 0, good.length, held.body);
    await files.completeUpload(id, "local", [good.length]);
    held.release(Buffer.from("alert(1)</script></html>".padEnd(good.length - 14, " ")));

    expect(await writing).toBe("closed");
    const kept = fs.readFileSync(path.join(dir, id));
    expect(kept.equals(good)).toBe(true);
  });

  it("when a writer elsewhere still holds the upload open after it is completed, then what it writes never reaches the finished file", async () => {
    const { dir, files, id } = await begunUpload();
    const good = Buffer.alloc(1_000, 1);
    expect(await files.writePart!(id, 0, good.length, bodyOf(good))).toBe("ok");
    // Another process's writer: a handle opened on the upload before completing, which no closing here reaches.
    const elsewhere = await fs.promises.open(path.join(dir, `${id}.upload`), "r+");
    await files.completeUpload(id, "local", [good.length]);
    await elsewhere.write(Buffer.from("<html>"), 0, 6, 0);
    await elsewhere.close();

    expect(fs.readFileSync(path.join(dir, id)).equals(good)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([id]);
  });

  it("when a part starts after completing began, then the store has no upload to write it to", async () => {
    const { dir, files, id } = await begunUpload();
    await files.writePart!(id, 0, 10, bodyOf(Buffer.alloc(10)));
    await files.completeUpload(id, "local", [10]);
    await expect(files.writePart!(id, 0, 10, bodyOf(Buffer.alloc(10, 9)))).rejects.toMatchObject({
      code: "ENOENT",
    });
    expect(fs.readFileSync(path.join(dir, id)).equals(Buffer.alloc(10))).toBe(true);
  });
});
