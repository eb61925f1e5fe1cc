import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect } from "vitest";
import { HAND_IN_MESSAGES, partSizeFor } from "../../../shared/auditions";
import { binary } from "../../test/bytes";
import { auditionTest, browser, CODE, expectNothingKept, expectRefused, MB, ownersList, rowCount, storedFiles } from "../../test/hand-ins";
import { makeWav } from "../../test/wav";

const it = auditionTest({
  config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined, auditionMaxBytes: 8 * MB, auditionQuotaBytes: 12 * MB },
});

describe("audition hand-ins: the owner's routes", () => {
  it("when a visitor calls any owner route, then 401 and nothing changes", async ({ t, admin }) => {
    const upload = await browser.handIn(t, makeWav({ seconds: 2 }));
    const id = upload.id;
    for (const res of [
      await t.request.get("/api/auditions"),
      await t.request.get(`/api/auditions/${id}/file`),
      await t.request.put(`/api/auditions/${id}`).send({ status: "declined" }),
      await t.request.delete(`/api/auditions/${id}`),
    ]) {
      expect(res.status).toBe(401);
      expect(JSON.stringify(res.body)).not.toContain("Ada");
    }
    const [listed] = (await admin.get("/api/auditions").expect(200)).body;
    expect(listed.status).toBe("new");
    expect(storedFiles(t)).toEqual([id]);
  });

  it("when a candidate hands in a WAV of two parts, then the owner lists it, plays any range of it, downloads the same bytes, sets its status and deletes it", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ bytes: 6 * MB, sampleRate: 44_100, channels: 2 });
    expect(partSizeFor(wav.length)).toBe(5 * MB);
    const upload = await browser.handIn(t, wav);

    expect(await ownersList(admin, "/api/auditions")).toEqual([
      {
        id: upload.id,
        code: "12",
        name: "Ada Editor",
        email: "ada@example.com",
        notes: "Cut the long pause at 12:30.",
        fileName: "my-edit.wav",
        size: wav.length,
        contentType: "audio/wav",
        durationSeconds: Math.floor((6 * MB) / (44_100 * 4)),
        status: "new",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        downloadName: "my-edit.wav",
      },
    ]);
    // The audition prefix is the secret: it is never stored with the hand-in.
    expect(JSON.stringify((await t.db.database.pool.query("SELECT * FROM auditions")).rows)).not.toContain("podedit");

    const whole = await admin.get(`/api/auditions/${upload.id}/file`).buffer(true).parse(binary).expect(200);
    expect(whole.headers["content-type"]).toBe("audio/wav");
    expect(whole.headers["content-disposition"]).toMatch(/^attachment; filename="?my-edit\.wav"?$/);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(Buffer.compare(whole.body as Buffer, wav)).toBe(0);

    // A seek into the middle of a long WAV: only that range is sent.
    const range = await admin
      .get(`/api/auditions/${upload.id}/file`)
      .set("Range", "bytes=5242000-5242999")
      .buffer(true)
      .parse(binary)
      .expect(206);
    expect(range.headers["content-range"]).toBe(`bytes 5242000-5242999/${wav.length}`);
    expect(Buffer.compare(range.body as Buffer, wav.subarray(5242000, 5243000))).toBe(0);
    await admin
      .get(`/api/auditions/${upload.id}/file`)
      .set("Range", `bytes=${wav.length + 10}-`)
      .expect(416);

    await admin.put(`/api/auditions/${upload.id}`).send({ status: "shortlisted" }).expect(200);
    expect((await admin.get("/api/auditions")).body[0].status).toBe("shortlisted");
    expect((await admin.put(`/api/auditions/${upload.id}`).send({ status: "maybe" })).status).toBe(400);
    await admin.put(`/api/auditions/${crypto.randomUUID()}`).send({ status: "declined" }).expect(404);

    await admin.delete(`/api/auditions/${upload.id}`).expect(204);
    expect((await admin.get("/api/auditions")).body).toEqual([]);
    expect(storedFiles(t)).toEqual([]);
    await admin.get(`/api/auditions/${upload.id}/file`).expect(404);
    await admin.delete(`/api/auditions/${upload.id}`).expect(404);
  });

  it("when several are handed in, then the list is newest first", async ({ t, admin }) => {
    const first = await browser.handIn(t, makeWav({ seconds: 1 }), { name: "First" });
    const second = await browser.handIn(t, makeWav({ seconds: 1 }), { name: "Second", code: "podedit13" });
    expect((await admin.get("/api/auditions")).body.map((a: { id: string }) => a.id)).toEqual([second.id, first.id]);
  });

  it("when a hand-in is stored, then no public address reaches its file", async ({ t }) => {
    const { id } = await browser.handIn(t, makeWav({ seconds: 1 }));
    for (const url of [`/objects/${id}`, `/objects/auditions/${id}`, `/objects/auditions%2F${id}`, `/api/objects/uploads/${id}`]) {
      expect((await t.request.get(url)).status, url).toBe(404);
    }
  });
});

describe("audition hand-ins: the candidate's refusals", () => {
  it("when the code is wrong, then 401 in words, and nothing is stored", async ({ t }) => {
    const wav = makeWav({ seconds: 1 });
    for (const code of ["wrong12", "podedit", ""]) {
      const res = await browser.start(t, wav, { code });
      expect(res.status, code).toBe(code === "" ? 400 : 401);
      if (code) expect(res.body.message).toBe(HAND_IN_MESSAGES.codeNoLongerValid);
    }
    await expectNothingKept(t);
  });

  it("when a code has handed in 3 edits, then a fourth is refused in words", async ({ t, admin }) => {
    const wav = makeWav({ seconds: 1 });
    for (let i = 0; i < 3; i++) await browser.handIn(t, wav);
    expectRefused(await browser.start(t, wav), 403, HAND_IN_MESSAGES.usedUp);
    // Another candidate's code is not held by it.
    await browser.handIn(t, wav, { code: "podedit99" });
    // Once the owner deletes one, the code may hand in again.
    const [oldest] = (await admin.get("/api/auditions")).body.filter((a: { code: string }) => a.code === "12").slice(-1);
    await admin.delete(`/api/auditions/${oldest.id}`).expect(204);
    await browser.handIn(t, wav);
  });

  it("when a code unlocks, then the answer says its hand-ins left: 3, one fewer per finished hand-in (an upload under way counts for nothing), and 0 after the third, when a fourth start is refused in words", async ({
    t,
  }) => {
    const left = async (code = CODE) => {
      const res = await t.request.post("/api/editors/unlock").send({ password: code });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.handInsLeft as number;
    };
    const wav = makeWav({ seconds: 1 });
    expect(await left()).toBe(3);
    await browser.startUpload(t, wav, { parts: 1 });
    expect(await left()).toBe(3);
    for (const expected of [2, 1, 0]) {
      await browser.handIn(t, wav);
      expect(await left()).toBe(expected);
    }
    expectRefused(await browser.start(t, wav), 403, HAND_IN_MESSAGES.usedUp);
    expect(await left()).toBe(0);
    // Another candidate's number has its own three.
    expect(await left("podedit99")).toBe(3);
  });

  it("when a text file is named .wav, then it is refused by its bytes (415), at the start or, for a client that lies, at the end", async ({
    t,
    admin,
  }) => {
    const text = Buffer.from("These are my notes, not audio.\n".repeat(200));
    expectRefused(await browser.start(t, text, { fileName: "edit.wav" }), 415, HAND_IN_MESSAGES.notAudio);
    expect(await rowCount(t)).toBe(0);

    // A client that shows a WAV's first bytes but sends text: the file's own bytes decide.
    const upload = await browser.startUpload(t, text, {
      overrides: { head: makeWav({ seconds: 1 }).subarray(0, 4100).toString("base64") },
      parts: 1,
    });
    expectRefused(await browser.complete(t, upload), 415, HAND_IN_MESSAGES.notAudio);
    await expectNothingKept(t);
    expect((await admin.get("/api/auditions")).body).toEqual([]);
  });

  it("when the file is over AUDITION_MAX_MB, then 413 in words; a client that declares less cannot send more", async ({ t }) => {
    const wav = makeWav({ bytes: 9 * MB });
    expectRefused(await browser.start(t, wav), 413, HAND_IN_MESSAGES.tooBig(8));
    expect(await rowCount(t)).toBe(0);

    // Declares 100 KB, then sends 200 KB as its one part: refused, nothing recorded.
    const small = makeWav({ bytes: 100_000 });
    const upload = await browser.startUpload(t, small);
    const put = await browser.putPart(t, upload, 1, makeWav({ bytes: 200_000 }));
    expect(put.status).toBe(413);
    // Nor a part the file does not have.
    expect((await browser.sign(t, upload, { partNumber: 2 })).status).toBe(400);
    expectRefused(await browser.complete(t, upload), 400, HAND_IN_MESSAGES.partsMissing);
    expect(fs.statSync(path.join(t.objectsDir, "auditions", `${upload.id}.upload`)).size).toBeLessThanOrEqual(small.length);
  });

  it("when the hand-ins fill AUDITION_QUOTA_GB, then a new one is refused in words, counting uploads under way", async ({ t }) => {
    await browser.handIn(t, makeWav({ bytes: 5 * MB }));
    // 5 MB handed in and 5 MB under way: another 5 MB would pass the 12 MB quota.
    const underway = await browser.start(t, makeWav({ bytes: 5 * MB }), { code: "podedit13" });
    expect(underway.status).toBe(201);
    expectRefused(await browser.start(t, makeWav({ bytes: 5 * MB }), { code: "podedit14" }), 507, HAND_IN_MESSAGES.quotaFull);
    // A small one still fits.
    await browser.handIn(t, makeWav({ bytes: 1 * MB }), { code: "podedit14" });
  });

  it("when the owner changes the audition code during an upload, then resuming and finishing are refused in words", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ seconds: 1 });
    const upload = await browser.startUpload(t, wav, { parts: 1 });
    await admin.post("/api/settings").send({ key: "editors_password", value: "newround" }).expect(200);

    expectRefused(await browser.resume(t, upload), 401, HAND_IN_MESSAGES.codeNoLongerValid);
    expectRefused(await browser.complete(t, upload), 401, HAND_IN_MESSAGES.codeNoLongerValid);
    expect((await admin.get("/api/auditions")).body).toEqual([]);
    // Another candidate's valid code does not finish this one's upload.
    expect((await browser.complete(t, upload, "newround77")).status).toBe(401);
  });
});

describe("audition hand-ins: resuming and cleaning up", () => {
  it("when the browser comes back with its token, then it learns the parts stored and finishes; another token is refused", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ bytes: 7 * MB });
    const upload = await browser.startUpload(t, wav, { parts: 1 });

    const resumed = await browser.resume(t, upload);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ id: upload.id, uploadId: upload.uploadId, partSize: upload.partSize });
    const listAddress = await browser.sign(t, upload, { list: true });
    const listed = await t.request.get(listAddress.body.url).set(listAddress.body.headers);
    expect(listed.status).toBe(200);
    expect(listed.headers["content-type"]).toMatch(/^application\/xml/);
    expect(listed.text).toMatch(/<ListPartsResult><Part><PartNumber>1<\/PartNumber><ETag>p1-[0-9a-f]+<\/ETag><\/Part><\/ListPartsResult>/);

    expect((await browser.resume(t, upload, CODE, "not-the-token")).status).toBe(403);

    // The browser asks for the next parts' addresses in one go; never for a part the file has not.
    const ahead = await browser.sign(t, upload, { partNumbers: [2] });
    expect(ahead.body.addresses).toEqual([
      { partNumber: 2, url: expect.stringMatching(/\/parts\/2\?offset=5242880&bytes=\d+&expires=\d+&signature=/) },
    ]);
    expect((await browser.sign(t, upload, { partNumbers: [2, 3] })).status).toBe(400);

    expect((await browser.putPart(t, upload, 2, wav.subarray(upload.partSize))).status).toBe(200);
    const done = await browser.complete(t, upload);
    expect(done.text).toContain(`<Key>${upload.id}</Key>`);
    // Finishing again (an answer lost on the way) changes nothing.
    expect((await browser.complete(t, upload)).status).toBe(200);
    const whole = await admin.get(`/api/auditions/${upload.id}/file`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(whole.body as Buffer, wav)).toBe(0);
  });

  it("when a part's address is altered or has expired, then the part is refused", async ({ t }) => {
    const wav = makeWav({ seconds: 1 });
    const upload = await browser.startUpload(t, wav);
    const signed = await browser.sign(t, upload, { partNumber: 1 });
    const url = new URL(signed.body.url, "http://localhost");
    expect(url.searchParams.get("signature")).toBeTruthy();
    expect(Number(url.searchParams.get("expires"))).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const altered = (changes: Record<string, string>) => {
      const copy = new URL(url);
      for (const [k, v] of Object.entries(changes)) copy.searchParams.set(k, v);
      return `${copy.pathname}${copy.search}`;
    };
    // A later expiry, or room for more bytes, breaks the signature.
    expect((await t.request.put(altered({ expires: String(Date.now() + 3_600_000) })).send(wav)).status).toBe(403);
    expect((await t.request.put(altered({ bytes: String(wav.length + 1000) })).send(wav)).status).toBe(403);
    // Signed as the site signs, but already expired.
    const expires = String(Date.now() - 1_000);
    const signature = crypto
      .createHmac("sha256", "test-secret-".padEnd(64, "x"))
      .update(`audition-part\n${upload.id}\n1\n0\n${wav.length}\n${expires}`)
      .digest("base64url");
    expectRefused(await t.request.put(altered({ expires, signature })).send(wav), 410, HAND_IN_MESSAGES.addressExpired);
  });

  it("when an upload receives no part for 15 minutes, then the sweep removes its parts and record; a finished one stays", async ({ t }) => {
    const wav = makeWav({ bytes: 6 * MB });
    const kept = await browser.handIn(t, makeWav({ seconds: 1 }));
    const upload = await browser.startUpload(t, wav, { parts: 1 });
    expect(storedFiles(t).sort()).toEqual([kept.id, `${upload.id}.upload`].sort());

    expect(await t.app.sweepAuditions(new Date(Date.now() + 14 * 60_000))).toBe(0);
    expect(await t.app.sweepAuditions(new Date(Date.now() + 16 * 60_000))).toBe(1);
    expect(storedFiles(t)).toEqual([kept.id]);
    expect(await rowCount(t)).toBe(1);
    // The browser that comes back to it is told, in words, to hand the file in again.
    expectRefused(await browser.resume(t, upload), 404, HAND_IN_MESSAGES.noSuchUpload);
  });

  it("when a browser resumes an upload with another candidate's valid code, then 401 in words and no upload is handed back", async ({
    t,
  }) => {
    const upload = await browser.startUpload(t, makeWav({ seconds: 1 }));
    const other = await browser.resume(t, upload, "podedit13");
    expectRefused(other, 401, HAND_IN_MESSAGES.codeNoLongerValid);
    expect(other.body.uploadId).toBeUndefined();
    // Its own candidate's code picks it up.
    await browser.resume(t, upload).expect(200);
  });

  it("when the candidate cancels, then the upload is dropped at once", async ({ t }) => {
    const wav = makeWav({ seconds: 1 });
    const upload = await browser.startUpload(t, wav);
    await t.request.delete(`/api/editors/hand-ins/${upload.id}`).set("x-upload-token", "wrong").expect(403);
    await t.request.delete(`/api/editors/hand-ins/${upload.id}`).set("x-upload-token", upload.token).expect(204);
    await expectNothingKept(t);
  });

  it("when the hand-in's fields are wrong, then 400 with the field named", async ({ t }) => {
    const wav = makeWav({ seconds: 1 });
    for (const [field, value] of [
      ["email", "not-an-address"],
      ["notes", "x".repeat(2_001)],
      ["name", ""],
      ["size", 0],
      ["head", "%%%"],
    ] as const) {
      const res = await browser.start(t, wav, { [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[0].path, field).toBe(field);
    }
    expect((await browser.start(t, wav, { notes: "x".repeat(2_000) })).status).toBe(201);
  });
});
