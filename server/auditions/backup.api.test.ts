import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import zlib from "node:zlib";
import { describe, expect } from "vitest";
import { createLocalLargeFiles } from "../objects/local-large-files";
import { createLocalStore } from "../objects/local-store";
import { restoreBackup, writeBackup } from "../services/backup";
import { appTest, createTestApp } from "../test/harness";
import { makeWav } from "../test/wav";

const it = appTest();

async function toBuffer(write: (out: PassThrough) => Promise<unknown>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  await write(out);
  return Buffer.concat(chunks);
}

describe("backup and restore of audition hand-ins", () => {
  it("when hand-ins are backed up and restored, then the records and the same bytes come back, in slices of at most 1 MiB a line; uploads under way are left out", async ({
    t,
    admin,
  }) => {
    await admin.post("/api/settings").send({ key: "editors_password", value: "podedit" }).expect(200);
    const wav = makeWav({ bytes: 3 * 1024 * 1024 + 123 });
    const start = (code: string) =>
      t.request.post("/api/editors/hand-ins").send({
        code,
        name: "Ada",
        email: "ada@example.com",
        notes: "",
        fileName: "edit.wav",
        size: wav.length,
        head: wav.subarray(0, 4100).toString("base64"),
      });
    const upload = (await start("podedit1").expect(201)).body;
    const signed = await t.request
      .post(`/api/editors/hand-ins/${upload.id}/sign`)
      .set("x-upload-token", upload.token)
      .send({ partNumber: 1 });
    await t.request.put(signed.body.url).send(wav).expect(200);
    await t.request
      .post(`/api/editors/hand-ins/${upload.id}/complete`)
      .set({ "x-upload-token": upload.token, "x-audition-code": "podedit1" })
      .expect(200);
    await start("podedit2").expect(201); // under way, never finished
    await admin.put(`/api/auditions/${upload.id}`).send({ status: "shortlisted" }).expect(200);

    const largeFiles = createLocalLargeFiles(path.join(t.objectsDir, "auditions"));
    const archive = await toBuffer((out) => writeBackup(t.db.database.pool, createLocalStore(t.objectsDir), out, largeFiles));
    const lines = zlib.gunzipSync(archive).toString("utf8").trim().split("\n");
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(1.1 * 1024 * 1024);
    expect(lines.filter((l) => l.includes('"file-chunk"'))).toHaveLength(5);
    expect(lines.filter((l) => l.includes('"table":"auditions"'))).toHaveLength(1);

    const target = await createTestApp();
    const objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-restore-"));
    try {
      await target.db.database.pool.query("DELETE FROM users");
      const result = await restoreBackup(
        target.db.database.pool,
        createLocalStore(objectsDir),
        Readable.from(archive),
        createLocalLargeFiles(path.join(target.objectsDir, "auditions")),
      );
      expect(result.files).toBe(1);
      const owner = await target.admin();
      const [restored] = (await owner.get("/api/auditions").expect(200)).body;
      expect(restored).toMatchObject({ id: upload.id, name: "Ada", status: "shortlisted", size: wav.length, code: "1" });
      const file = await owner
        .get(`/api/auditions/${upload.id}/file`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(Buffer.compare(file.body as Buffer, wav)).toBe(0);
    } finally {
      await target.close();
      fs.rmSync(objectsDir, { recursive: true, force: true });
    }
  });

  it("when a backup's file slices are cut short, then the restore fails and leaves no file behind", async ({ t, admin }) => {
    await admin.post("/api/settings").send({ key: "editors_password", value: "podedit" }).expect(200);
    const wav = makeWav({ bytes: 2 * 1024 * 1024 });
    const { body: upload } = await t.request
      .post("/api/editors/hand-ins")
      .send({
        code: "podedit1",
        name: "Ada",
        email: "ada@example.com",
        fileName: "e.wav",
        size: wav.length,
        head: wav.subarray(0, 100).toString("base64"),
      })
      .expect(201);
    const signed = await t.request
      .post(`/api/editors/hand-ins/${upload.id}/sign`)
      .set("x-upload-token", upload.token)
      .send({ partNumber: 1 });
    await t.request.put(signed.body.url).send(wav).expect(200);
    await t.request
      .post(`/api/editors/hand-ins/${upload.id}/complete`)
      .set({ "x-upload-token": upload.token, "x-audition-code": "podedit1" })
      .expect(200);
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
