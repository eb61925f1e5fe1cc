import { afterAll, describe, expect } from "vitest";
import { createGcsLargeFiles } from "../../platform/objects/gcs-large-files";
import { binary } from "../../test/bytes";
import { startFakeGcs } from "../../test/fake-gcs";
import { auditionTest, browser } from "../../test/hand-ins";
import { makeWav } from "../../test/wav";

const gcs = await startFakeGcs();
afterAll(() => gcs.close());
const it = auditionTest({ largeFiles: createGcsLargeFiles(gcs.storage(), "show-bucket") });

describe("audition hand-ins with STORAGE=gcs", () => {
  it("when a candidate hands in a WAV, then its parts go straight to the bucket on addresses signed for their size, and the owner gets the same bytes through the site", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ bytes: 6 * 1024 * 1024 + 1000 });
    const upload = await browser.startUpload(t, wav);
    const sign = (body: object) => browser.sign(t, upload, body).expect(200);

    const parts = [wav.subarray(0, upload.partSize), wav.subarray(upload.partSize)];
    for (const [i, bytes] of parts.entries()) {
      const { body: address } = await sign({ partNumber: i + 1 });
      const url = new URL(address.url);
      expect(url.origin).toBe(gcs.endpoint);
      expect(url.pathname).toBe(`/show-bucket/auditions/${upload.id}`);
      expect(url.searchParams.get("X-Goog-SignedHeaders")).toBe("content-length;host");
      expect(Number(url.searchParams.get("X-Goog-Expires"))).toBeLessThanOrEqual(15 * 60);
      // A part longer than signed is refused by the bucket itself.
      const longer = await fetch(url, { method: "PUT", body: new Uint8Array(Buffer.concat([bytes, Buffer.alloc(10)])) });
      expect(longer.status).toBe(403);
      const put = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
      expect(put.status).toBe(200);
      expect(put.headers.get("etag")).toBeTruthy();
    }
    // The browser lists the stored parts at the bucket too (resuming).
    const { body: listAddress } = await sign({ list: true });
    const listed = await fetch(listAddress.url);
    expect(await listed.text()).toContain("<PartNumber>2</PartNumber>");

    await browser.complete(t, upload).expect(200);
    expect(gcs.objects.get(`auditions/${upload.id}`)?.equals(wav)).toBe(true);
    // The app never carried a part: every PUT of bytes came to the bucket on a signed address.
    expect(gcs.log.filter((l) => l.startsWith("PUT")).every((l) => l.endsWith("(signed)"))).toBe(true);

    const [listedAudition] = (await admin.get("/api/auditions").expect(200)).body;
    expect(listedAudition).toMatchObject({ id: upload.id, size: wav.length, contentType: "audio/wav", durationSeconds: 393 });
    const range = await admin.get(`/api/auditions/${upload.id}/file`).set("Range", "bytes=100-199").buffer(true).parse(binary).expect(206);
    expect((range.body as Buffer).equals(wav.subarray(100, 200))).toBe(true);

    await admin.delete(`/api/auditions/${upload.id}`).expect(204);
    expect(gcs.objects.has(`auditions/${upload.id}`)).toBe(false);
  });

  it("when an upload's parts go to the bucket, then the owner sees its bytes so far, and it is idle only once the bucket stops growing for 15 minutes", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ bytes: 6 * 1024 * 1024 });
    const upload = await browser.startUpload(t, wav);
    const { body: address } = await browser.sign(t, upload, { partNumber: 1 }).expect(200);
    expect((await fetch(address.url, { method: "PUT", body: new Uint8Array(wav.subarray(0, upload.partSize)) })).status).toBe(200);
    // The server never saw the part: by its own record the upload has been idle for 16 minutes.
    const age = () => t.db.database.pool.query("UPDATE auditions SET last_part_at = now() - interval '16 minutes'");
    await age();
    expect(await t.app.sweepAuditions()).toBe(0);
    const [underway] = (await admin.get("/api/auditions/uploads").expect(200)).body;
    expect(underway).toMatchObject({ id: upload.id, receivedBytes: upload.partSize });

    await age();
    expect(await t.app.sweepAuditions()).toBe(1);
    expect((await admin.get("/api/auditions/uploads").expect(200)).body).toEqual([]);
  });

  it("when an upload to the bucket is abandoned, then the sweep aborts it there", async ({ t }) => {
    await browser.start(t, makeWav({ seconds: 1 })).expect(201);
    const before = gcs.uploads.size;
    expect(await t.app.sweepAuditions(new Date(Date.now() + 25 * 3_600_000))).toBe(1);
    expect(gcs.uploads.size).toBe(before - 1);
  });
});
