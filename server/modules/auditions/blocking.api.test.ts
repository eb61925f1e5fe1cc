import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import supertest from "supertest";
import { describe, expect } from "vitest";
import { AUDITION_PREFIX_TOO_SHORT, HAND_IN_MESSAGES } from "../../../shared/auditions";
import { toBuffer } from "../../test/bytes";
import {
  auditionTest,
  browser,
  expectNothingKept,
  expectRefused,
  handedInFile,
  MB,
  ownersList,
  rowCount,
  storedFiles,
} from "../../test/hand-ins";
import { createLocalLargeFiles } from "../../platform/objects/local-large-files";
import { createLocalStore } from "../../platform/objects/local-store";
import { writeBackup } from "../backup/service";
import type { AppDeps } from "../../app";
import { appTest, type TestApp } from "../../test/harness";
import { makeWav } from "../../test/wav";

/**
 * docs/product.md "Audition hand-in", "No one can block or spoil the hand-in": what someone who knows
 * the audition prefix can do to the inbox, and what a candidate can still do meanwhile. The site
 * sits behind one proxy here, so each request's network is the X-Forwarded-For it carries.
 */
const deps = {
  config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: 1, auditionMaxBytes: 8 * MB, auditionQuotaBytes: 12 * MB },
  // The audition's throttle as a running site has it (10 refused codes a minute per network, 30 for the site).
  limits: { loginFailures: 1000, auditionFailures: 10, auditionTotal: 30 },
} satisfies Partial<AppDeps>;
const it = auditionTest(deps);
/** `it` before the owner has opened the auditions. */
const itUnopened = appTest(deps);
const ATTACKER = "203.0.113.7";
const CANDIDATE = "198.51.100.20";
const HTML = Buffer.from("<html><script>alert(document.cookie)</script></html>\n".repeat(40));

const startFrom = (t: TestApp, network: string, file: Buffer, overrides: Record<string, unknown> = {}) =>
  browser.start(t, file, overrides).set("X-Forwarded-For", network);
/** The candidate's upload of a 6 MB file (two parts), its first part sent. */
async function firstOfTwoPartsSent(t: TestApp) {
  const wav = makeWav({ bytes: 6 * MB });
  return { wav, upload: await browser.startUpload(t, wav, { network: CANDIDATE, parts: 1 }) };
}
/** Ages every upload under way as if its last part came `minutes` ago. */
const idleFor = (t: TestApp, minutes: number) =>
  t.db.database.pool.query(`UPDATE auditions SET last_part_at = now() - interval '${minutes} minutes' WHERE upload_state = 'uploading'`);

/** A whole hand-in from a network, as the browser makes it. */
const handInFrom = (t: TestApp, network: string, file: Buffer, overrides: Record<string, unknown> = {}) =>
  browser.handIn(t, file, overrides, { network });

describe("audition hand-ins: no one can block the inbox", () => {
  it("when one network starts uploads under made-up numbers, then two are under way at most, the rest refused in words, and a candidate elsewhere still hands in", async ({
    t,
    admin,
  }) => {
    const declared = makeWav({ bytes: 5 * MB });
    const answers = [];
    for (let n = 0; n < 40; n++) answers.push(await startFrom(t, ATTACKER, declared, { code: `podedit${100 + n}` }));
    expect(answers.map((a) => a.status)).toEqual([201, 201, ...Array<number>(38).fill(429)]);
    // Every refusal says why; none is the guessing throttle's, which would then hold up every candidate.
    for (const refused of answers.slice(2)) expect(refused.body.message).toBe(HAND_IN_MESSAGES.networkBusy);

    await handInFrom(t, CANDIDATE, makeWav({ bytes: 1 * MB }), { code: "podedit500" });
    expect((await admin.get("/api/auditions/uploads").expect(200)).body.map((u: { code: string }) => u.code).sort()).toEqual([
      "100",
      "101",
    ]);
  });

  it("when the uploads come from one IPv6 /64, then they count as one network; another /64 is another", async ({ t }) => {
    const small = makeWav({ bytes: 100_000 });
    const statuses = [];
    for (const [n, ip] of ["2001:db8:1:2::1", "2001:db8:1:2::ffff", "2001:db8:1:2:abcd::9", "2001:db8:1:3::1"].entries()) {
      statuses.push((await startFrom(t, ip, small, { code: `podedit${200 + n}` })).status);
    }
    expect(statuses).toEqual([201, 201, 429, 201]);
  });

  it("when completions arrive at once at two instances of the site, then every one answers the same success", async ({ t, admin }) => {
    const wav = makeWav({ bytes: 6 * MB });
    const upload = await browser.startUpload(t, wav, { network: CANDIDATE, parts: 2 });
    const other = { ...t, request: supertest(t.restart().listener) };
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => browser.complete(t, upload)),
      ...Array.from({ length: 3 }, () => browser.complete(other, upload)),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await admin.get("/api/auditions").expect(200)).body).toHaveLength(1);
  });

  it("when uploads are started under a candidate's number, then a new start replaces the one under way and none counts: the candidate still hands in 3 times", async ({
    t,
    admin,
  }) => {
    const small = makeWav({ bytes: 1_000 });
    for (let i = 0; i < 3; i++) expect((await startFrom(t, ATTACKER, small, { code: "podedit500" })).status).toBe(201);
    expect((await admin.get("/api/auditions/uploads").expect(200)).body).toHaveLength(1);

    for (let i = 0; i < 3; i++) {
      await handInFrom(t, CANDIDATE, small, { code: "podedit500" });
      // Someone starts under the number again between the candidate's hand-ins.
      if (i < 2) expect((await startFrom(t, ATTACKER, small, { code: "podedit500" })).status).toBe(201);
    }
    expectRefused(await startFrom(t, CANDIDATE, small, { code: "podedit500" }), 403, HAND_IN_MESSAGES.usedUp);
    expect((await admin.get("/api/auditions/uploads").expect(200)).body).toEqual([]);
  });

  it("when the reservations fill the quota, then a start is refused in words; once they have had no part for 15 minutes, their space and places come back", async ({
    t,
  }) => {
    const declared = makeWav({ bytes: 5 * MB });
    for (const code of ["podedit101", "podedit102"]) expect((await startFrom(t, ATTACKER, declared, { code })).status).toBe(201);
    expectRefused(await startFrom(t, CANDIDATE, declared, { code: "podedit500" }), 507, HAND_IN_MESSAGES.quotaFull);

    await idleFor(t, 14);
    expect((await startFrom(t, CANDIDATE, declared, { code: "podedit500" })).status).toBe(507);
    expect((await startFrom(t, ATTACKER, declared, { code: "podedit103" })).status).toBe(429);

    await idleFor(t, 16);
    expect((await startFrom(t, CANDIDATE, declared, { code: "podedit500" })).status).toBe(201);
    // The idle ones are gone, records and files, and hold no place of their network.
    expect(await rowCount(t)).toBe(1);
    expect(storedFiles(t)).toHaveLength(1);
    expect((await startFrom(t, ATTACKER, makeWav({ bytes: 1 * MB }), { code: "podedit103" })).status).toBe(201);
  });
});

describe("audition hand-ins: no one can take over or hold up a candidate's upload", () => {
  it("when another network starts under the code of an upload that is sending its parts, then 409 in words, and the candidate completes the upload", async ({
    t,
    admin,
  }) => {
    const { wav, upload } = await firstOfTwoPartsSent(t);

    expectRefused(await startFrom(t, ATTACKER, makeWav({ bytes: 1_000 })), 409, HAND_IN_MESSAGES.underwayElsewhere);
    // Cancelling its own upload and starting again gets the other network no further.
    expect((await startFrom(t, ATTACKER, makeWav({ bytes: 1_000 }))).status).toBe(409);

    expect((await browser.putPart(t, upload, 2, wav.subarray(upload.partSize))).status).toBe(200);
    await browser.complete(t, upload).expect(200);
    expect((await handedInFile(admin, upload.id)).equals(wav)).toBe(true);
  });

  it("when an upload's only activity is empty or refused part requests, then it is dropped after 16 minutes without a byte", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ bytes: 5 * MB + 300_000 });
    const upload = await browser.startUpload(t, wav, { network: ATTACKER });
    const { url } = (await browser.sign(t, upload, { partNumber: 2 })).body as { url: string };
    await idleFor(t, 14);
    expect((await t.request.put(url).send(Buffer.alloc(0))).status).toBe(400);
    expect((await t.request.put(url).send(Buffer.alloc(2 * MB))).status).toBe(413);
    expect((await t.request.put(url.replace(/signature=[^&]+/, "signature=forged")).send(Buffer.alloc(1))).status).toBe(403);

    // Two minutes later, 16 since it last stored a byte.
    await t.db.database.pool.query("UPDATE auditions SET last_part_at = last_part_at - interval '2 minutes'");
    expect((await admin.get("/api/auditions/uploads").expect(200)).body).toEqual([]);
    expect(await rowCount(t)).toBe(0);
  });

  it("when a start replaces an upload that began completing meanwhile, then that upload's files are kept and it completes", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ bytes: 1 * MB });
    const upload = await browser.startUpload(t, wav, { network: CANDIDATE, parts: 1 });
    // The completion begins between the start's listing of the code's uploads and its delete.
    await t.db.database.pool.query(`
      CREATE FUNCTION begin_completing() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE auditions SET upload_state = 'completing', completing_at = now() WHERE id = OLD.id;
        RETURN NULL;
      END $$;
      CREATE TRIGGER begin_completing BEFORE DELETE ON auditions FOR EACH ROW
        WHEN (OLD.upload_state = 'uploading') EXECUTE FUNCTION begin_completing();`);
    expect((await startFrom(t, CANDIDATE, wav)).status).toBe(201);
    await t.db.database.pool.query("DROP TRIGGER begin_completing ON auditions");

    expect(storedFiles(t)).toContain(`${upload.id}.upload`);
    // That completion gives way (as one whose join failed does), and the candidate's completes.
    await t.db.database.pool.query("UPDATE auditions SET upload_state = 'uploading', completing_at = NULL WHERE id = $1", [upload.id]);
    await browser.complete(t, upload).expect(200);
    expect((await handedInFile(admin, upload.id)).equals(wav)).toBe(true);
  });

  it("when others' wrong codes use up the site-wide allowance, then a candidate with a started upload still resumes and completes it", async ({
    t,
    admin,
  }) => {
    const wav = makeWav({ seconds: 1 });
    const upload = await browser.startUpload(t, wav, { network: CANDIDATE, parts: 1 });
    const guesses = [];
    for (let n = 0; n < 32; n++) guesses.push((await startFrom(t, `203.0.113.${10 + (n % 4)}`, wav, { code: `wrong${n}` })).status);
    expect(guesses.at(-1)).toBe(429);

    const resumed = await browser.resume(t, upload).set("X-Forwarded-For", CANDIDATE);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    await browser.complete(t, upload).set("X-Forwarded-For", CANDIDATE).expect(200);
    expect((await admin.get("/api/auditions").expect(200)).body).toHaveLength(1);
  });
});

describe("audition hand-ins: no address is kept", () => {
  it("when a hand-in completes, then neither its record nor a backup holds the candidate's network", async ({ t }) => {
    await handInFrom(t, CANDIDATE, makeWav({ seconds: 1 }));
    const { rows } = await t.db.database.pool.query("SELECT network FROM auditions");
    expect(rows).toEqual([{ network: null }]);

    const largeFiles = createLocalLargeFiles(path.join(t.objectsDir, "auditions"));
    const archive = await toBuffer((out) => writeBackup(t.db.database.pool, createLocalStore(t.objectsDir), out, largeFiles));
    const text = zlib.gunzipSync(archive).toString("utf8");
    expect(text).toContain('"table":"auditions"');
    expect(text).not.toContain(CANDIDATE);
  });
});

describe("audition hand-ins: the owner's uploads under way", () => {
  it("when an upload is under way, then the owner lists it (code, name, bytes so far, started) and deletes it, giving its space back; visitors get 401", async ({
    t,
    admin,
  }) => {
    const { wav, upload } = await firstOfTwoPartsSent(t);

    expect(await ownersList(admin, "/api/auditions/uploads")).toEqual([
      {
        id: upload.id,
        code: "12",
        name: "Ada Editor",
        fileName: "my-edit.wav",
        size: wav.length,
        receivedBytes: 5 * MB,
        startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        lastPartAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    expect((await admin.get("/api/auditions").expect(200)).body).toEqual([]);

    for (const res of [await t.request.get("/api/auditions/uploads"), await t.request.delete(`/api/auditions/uploads/${upload.id}`)]) {
      expect(res.status).toBe(401);
      expect(JSON.stringify(res.body)).not.toContain("Ada");
    }
    expect(await rowCount(t)).toBe(1);

    await admin.delete(`/api/auditions/uploads/${upload.id}`).expect(204);
    expect((await admin.get("/api/auditions/uploads").expect(200)).body).toEqual([]);
    expect(storedFiles(t)).toEqual([]);
    await admin.delete(`/api/auditions/uploads/${upload.id}`).expect(404);
    expectRefused(await browser.sign(t, upload, { partNumber: 2 }), 404, HAND_IN_MESSAGES.noSuchUpload);
  });
});

describe("audition hand-ins: no one can spoil a hand-in", () => {
  it("when completing has begun, then a part is refused with 409 in words, and after completion a part at an address signed before lands nothing", async ({
    t,
  }) => {
    const wav = makeWav({ bytes: 6 * MB });
    const upload = await browser.startUpload(t, wav, { network: CANDIDATE });
    const sign = (partNumber: number) => browser.sign(t, upload, { partNumber });
    const [first, second] = [(await sign(1)).body.url as string, (await sign(2)).body.url as string];
    expect((await t.request.put(first).send(wav.subarray(0, upload.partSize))).status).toBe(200);

    // Another instance is completing it.
    await t.db.database.pool.query("UPDATE auditions SET upload_state = 'completing', completing_at = now() WHERE id = $1", [upload.id]);
    expectRefused(await t.request.put(second).send(wav.subarray(upload.partSize)), 409, HAND_IN_MESSAGES.completing);
    // Not a byte of it was written: the upload holds the first part alone.
    expect(fs.statSync(path.join(t.objectsDir, "auditions", `${upload.id}.upload`)).size).toBe(upload.partSize);
    expect((await sign(2)).status).toBe(409);

    const small = makeWav({ seconds: 1 });
    const done = await handInFrom(t, ATTACKER, small, { code: "podedit13" });
    expectRefused(await browser.sign(t, done, { partNumber: 1 }), 409, HAND_IN_MESSAGES.alreadyHandedIn);
  });

  it("when a part at an address signed before arrives after completion, then 409 and the file is the one checked", async ({ t, admin }) => {
    const wav = makeWav({ seconds: 1 });
    const upload = await browser.startUpload(t, wav, { network: CANDIDATE });
    const { url } = (await browser.sign(t, upload, { partNumber: 1 })).body as { url: string };
    expect((await t.request.put(url).send(wav)).status).toBe(200);
    await browser.complete(t, upload).expect(200);

    const spoiled = Buffer.concat([wav.subarray(0, 44), HTML]).subarray(0, wav.length);
    expectRefused(await t.request.put(url).send(spoiled), 409, HAND_IN_MESSAGES.alreadyHandedIn);
    expect((await handedInFile(admin, upload.id)).equals(wav)).toBe(true);
  });

  it("when five completions arrive at once, then all five answer the same success and one hand-in is listed", async ({ t, admin }) => {
    const wav = makeWav({ bytes: 6 * MB });
    const upload = await browser.startUpload(t, wav, { network: CANDIDATE, parts: 2 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => browser.complete(t, upload)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.text).toContain(`<Key>${upload.id}</Key>`);
    expect((await browser.complete(t, upload)).status).toBe(200);
    const listed = (await admin.get("/api/auditions").expect(200)).body as { id: string }[];
    expect(listed.map((a) => a.id)).toEqual([upload.id]);
  });

  it("when a RIFF header sits in front of HTML, then completing refuses it (415) in words and keeps nothing", async ({ t }) => {
    const fake = Buffer.concat([makeWav({ seconds: 1 }).subarray(0, 44), HTML]);
    // Its first bytes are a WAV's: the start is accepted (201), only the whole file tells.
    const upload = await browser.startUpload(t, fake, { overrides: { fileName: "edit.html" }, network: CANDIDATE, parts: 1 });
    expectRefused(await browser.complete(t, upload), 415, HAND_IN_MESSAGES.notAudio);
    await expectNothingKept(t);
  });

  it("when a refused upload is completed again, then it answers the same 415 in words, and to no other browser", async ({ t }) => {
    const fake = Buffer.concat([makeWav({ seconds: 1 }).subarray(0, 44), HTML]);
    const upload = await browser.startUpload(t, fake, { overrides: { fileName: "edit.html" }, network: CANDIDATE, parts: 1 });
    expect((await browser.complete(t, upload)).status).toBe(415);

    for (let i = 0; i < 2; i++) expectRefused(await browser.complete(t, upload), 415, HAND_IN_MESSAGES.notAudio);
    expect((await browser.complete(t, { ...upload, token: "not-the-token" })).status).toBe(404);
  });

  it("when a WAV is handed in under another name, then its download is named with the checked type's extension", async ({ t, admin }) => {
    const upload = await handInFrom(t, CANDIDATE, makeWav({ seconds: 1 }), { fileName: "edit.html" });
    const [listed] = (await admin.get("/api/auditions").expect(200)).body;
    expect(listed).toMatchObject({ fileName: "edit.html", downloadName: "edit.wav", contentType: "audio/wav" });
    const file = await admin.get(`/api/auditions/${upload.id}/file`).expect(200);
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="?edit\.wav"?$/);
    expect(file.headers["content-type"]).toBe("audio/wav");
  });
});

describe("the audition prefix", () => {
  itUnopened(
    "when the owner saves a prefix shorter than 6 characters, then 400 with a message saying so, and nothing is saved",
    async ({ t, admin }) => {
      for (const short of ["p", "abcde", "  abc  "]) {
        const one = await admin.post("/api/settings").send({ key: "editors_password", value: short });
        expect(one.status, short).toBe(400);
        expect(one.body.message).toContain("at least 6 characters");
        expect(one.body.errors).toEqual([{ path: "editors_password", message: AUDITION_PREFIX_TOO_SHORT }]);
      }
      // The editors screen saves in one batch: refused the same way, its texts with it.
      const batch = await admin.put("/api/settings").send({
        settings: [
          { key: "editors_bullet_1", value: "Loves tape" },
          { key: "editors_password", value: "abcde" },
        ],
      });
      expect(batch.status).toBe(400);
      expect(batch.body.errors).toEqual([{ path: "editors_password", message: AUDITION_PREFIX_TOO_SHORT }]);
      await admin.get("/api/editors/password-status").expect(200, { isSet: false });
      expect((await browser.start(t, makeWav({ seconds: 1 }), { code: "abcde12" })).status).toBe(401);

      await admin.post("/api/settings").send({ key: "editors_password", value: "abcdef" }).expect(200);
      await admin.get("/api/editors/password-status").expect(200, { isSet: true });
    },
  );
});
