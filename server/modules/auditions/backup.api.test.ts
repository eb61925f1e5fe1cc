import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { describe, expect } from "vitest";
import { createLocalLargeFiles } from "../../platform/objects/local-large-files";
import { createLocalStore } from "../../platform/objects/local-store";
import { restoreBackup, writeBackup } from "../backup/service";
import { binary, toBuffer } from "../../test/bytes";
import { auditionTest, browser } from "../../test/hand-ins";
import { createTestApp, withRestoredSite } from "../../test/harness";
import { makeWav } from "../../test/wav";

const it = auditionTest();

describe("backup and restore of audition hand-ins", () => {
  it("when hand-ins are backed up and restored, then the records and the same bytes come back, in slices of at most 1 MiB a line; uploads under way are left out", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ bytes: 3 * 1024 * 1024 + 123 });
    const upload = await browser.handIn(t, wav, { code: "podedit1", name: "Ada" });
    await browser.start(t, wav, { code: "podedit2" }).expect(201); // under way, never finished
    await admin.put(`/api/auditions/${upload.id}`).send({ status: "shortlisted" }).expect(200);

    const largeFiles = createLocalLargeFiles(path.join(t.objectsDir, "auditions"));
    const archive = await toBuffer((out) => writeBackup(t.db.database.pool, createLocalStore(t.objectsDir), out, largeFiles));
    const lines = zlib.gunzipSync(archive).toString("utf8").trim().split("\n");
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(1.1 * 1024 * 1024);
    expect(lines.filter((l) => l.includes('"file-chunk"'))).toHaveLength(5);
    expect(lines.filter((l) => l.includes('"table":"auditions"'))).toHaveLength(1);

    await withRestoredSite(archive, async (target, result) => {
      expect(result.files).toBe(1);
      const owner = await target.admin();
      const [restored] = (await owner.get("/api/auditions").expect(200)).body;
      expect(restored).toMatchObject({ id: upload.id, name: "Ada", status: "shortlisted", size: wav.length, code: "1" });
      const file = await owner.get(`/api/auditions/${upload.id}/file`).buffer(true).parse(binary).expect(200);
      expect(Buffer.compare(file.body as Buffer, wav)).toBe(0);
    });
  });

  it("when a backup's file slices are cut short, then the restore fails and leaves no file behind", async ({ t }) => {
    const wav = makeWav({ bytes: 2 * 1024 * 1024 });
    await browser.handIn(t, wav, { code: "podedit1" });
    const largeFiles = createLocalLargeFiles(path.join(t.objectsDir, "auditions"));
    const archive = await toBuffer((out) => writeBackup(t.db.database.pool, createLocalStore(t.objectsDir), out, largeFiles));
    const lines = zlib.gunzipSync(archive).toString("utf8").trim().split("\n");
    const cut = zlib.gzipSync(lines.filter((l, i) => !(l.includes('"file-chunk"') && i === lines.length - 2)).join("\n") + "\n");

    const target = await createTestApp();
    try {
      await target.db.database.pool.query("DELETE FROM users");
      const targetFiles = path.join(target.objectsDir, "auditions");
      await expect(
        restoreBackup(target.db.database.pool, createLocalStore(target.objectsDir), Readable.from(cut), createLocalLargeFiles(targetFiles)),
      ).rejects.toThrow(/counts do not match|cut off/);
      // The file of the hand-in was written whole from the slices there were, then removed with the failed restore.
      expect(fs.existsSync(targetFiles) ? fs.readdirSync(targetFiles) : []).toEqual([]);
      expect(Number((await target.db.database.pool.query("SELECT count(*) AS n FROM auditions")).rows[0].n)).toBe(0);
    } finally {
      await target.close();
    }
  });
});
