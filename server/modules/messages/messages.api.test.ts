import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect } from "vitest";
import { MESSAGE_LIMITS } from "../../../shared/messages";
import { createLocalLargeFiles } from "../../platform/objects/local-large-files";
import { createLocalStore } from "../../platform/objects/local-store";
import { writeBackup } from "../backup";
import { binary, toBuffer } from "../../test/bytes";
import { appTest, postEpisode, withRestoredSite, type TestApp } from "../../test/harness";
import { EASY_MESSAGES, sendMessage, setMessagesEnabled, solvedChallenge } from "../../test/messages";
import { makeOggOpus, makeWebmOpus } from "../../test/opus";

/** Behind one trusted proxy: each request's network is the X-Forwarded-For it carries. */
const deps = { ...EASY_MESSAGES, config: { publicUrl: "http://localhost:5000", env: "test" as const, trustProxy: 1 } };
const it = appTest(deps);
/** `it` on a site whose messages' quota is 300 KB. */
const small = appTest({ ...deps, config: { ...deps.config, messagesQuotaBytes: 300_000 } });
const LISTENER = "198.51.100.20";
/** Real recordings made by the browsers' MediaRecorder from a fake microphone (server/test/fixtures/README.md). */
const RECORDINGS = path.join(import.meta.dirname, "../../test/fixtures/recordings");
const DAY_MS = 24 * 60 * 60 * 1000;

const messagesDir = (t: TestApp) => path.join(t.objectsDir, "messages");
const storedFiles = (t: TestApp) => (fs.existsSync(messagesDir(t)) ? fs.readdirSync(messagesDir(t)) : []);
const rowCount = async (t: TestApp, where = "true") =>
  Number((await t.db.database.pool.query(`SELECT count(*) AS n FROM messages WHERE ${where}`)).rows[0].n);
const usedBytes = async (t: TestApp) =>
  Number(
    (await t.db.database.pool.query("SELECT coalesce(sum(size), 0) AS n FROM messages WHERE state IN ('arrived', 'receiving')")).rows[0].n,
  );

/** A voice message started: its id and upload address. */
async function startVoice(t: TestApp, fields: Record<string, unknown> = {}, network = LISTENER) {
  const res = await sendMessage(t.request, { kind: "voice", ...fields }, network, 201);
  expect(res.body.uploadUrl).toMatch(/^\/api\/messages\/[0-9a-f-]{36}\/audio\?token=/);
  return res.body as { id: string; uploadUrl: string };
}

const upload = (t: TestApp, url: string, body: Buffer, type = "audio/ogg") =>
  t.request.put(url).set("Content-Type", type).set("X-Forwarded-For", LISTENER).send(body);

describe("messages from listeners: sending", () => {
  it("when messages are off, then the challenge and a message answer 404 with words", async ({ t }) => {
    const res = await t.request.get("/api/messages/challenge").expect(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "This site does not take messages just now." });
    await t.request.post("/api/messages").send({ kind: "text", text: "Hi", consent: true, altcha: "x" }).expect(404);
  });

  it("when a listener sends a written message, then it arrives (201) and the owner lists it, counts it, marks it and deletes it", async ({
    t,
    admin,
  }) => {
    await setMessagesEnabled(admin, true);
    const challenge = await t.request.get("/api/messages/challenge").expect(200);
    expect(challenge.headers["cache-control"]).toBe("no-store");
    expect(Object.keys(challenge.body).sort()).toEqual(["algorithm", "challenge", "maxnumber", "salt", "signature"]);
    const episode = await postEpisode(admin, { title: "Pilot", audioUrl: "https://cdn.example/1.mp3", isPublished: true });
    const sent = await sendMessage(
      t.request,
      { kind: "text", text: "  Loved it  ", name: "Ada", email: "ada@example.com", episodeSlug: episode.slug },
      LISTENER,
      201,
    );
    expect(Object.keys(sent.body)).toEqual(["id"]);

    const [listed] = (await admin.get("/api/messages").expect(200)).body;
    expect(listed).toMatchObject({
      id: sent.body.id,
      kind: "text",
      text: "Loved it",
      name: "Ada",
      email: "ada@example.com",
      episodeSlug: episode.slug,
      episodeTitle: "Pilot",
      status: "new",
      durationSeconds: null,
    });
    expect((await admin.get("/api/messages/counts").expect(200)).body).toEqual({ new: 1 });
    const played = await admin.put(`/api/messages/${sent.body.id}`).send({ status: "played" }).expect(200);
    expect(played.body).toMatchObject({ id: sent.body.id, status: "played" });
    expect((await admin.get("/api/messages/counts").expect(200)).body).toEqual({ new: 0 });
    await admin.put(`/api/messages/${sent.body.id}`).send({ status: "gone" }).expect(400);
    await admin.delete(`/api/messages/${sent.body.id}`).expect(204);
    await admin.delete(`/api/messages/${sent.body.id}`).expect(404);
    await admin.put(`/api/messages/${sent.body.id}`).send({ status: "new" }).expect(404);
    expect((await admin.get("/api/messages").expect(200)).body).toEqual([]);
  });

  it("when a visitor reads or changes the inbox, then 401", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    const sent = await sendMessage(t.request, { kind: "text", text: "Hi" }, LISTENER, 201);
    await t.request.get("/api/messages").expect(401);
    await t.request.get("/api/messages/counts").expect(401);
    await t.request.get(`/api/messages/${sent.body.id}/file`).expect(401);
    await t.request.put(`/api/messages/${sent.body.id}`).send({ status: "played" }).expect(401);
    await t.request.delete(`/api/messages/${sent.body.id}`).expect(401);
    expect(await rowCount(t)).toBe(1);
  });

  it("when a message breaks a rule of its form, then 400 with the field named, and nothing is stored", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    await postEpisode(admin, { title: "Draft", audioUrl: "https://cdn.example/2.mp3", isPublished: false, slug: "draft" });
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "text", text: "Hi", consent: false }, "consent"],
      [{ kind: "text", text: "x".repeat(MESSAGE_LIMITS.textMax + 1) }, "text"],
      [{ kind: "text", text: "   " }, "text"],
      [{ kind: "text", text: "Hi", email: "not-an-address" }, "email"],
      [{ kind: "text", text: "Hi", name: "n".repeat(101) }, "name"],
      [{ kind: "voice", durationSeconds: 181 }, "durationSeconds"],
      [{ kind: "poem", text: "Hi" }, "kind"],
    ];
    for (const [fields, field] of cases) {
      const res = await sendMessage(t.request, fields, LISTENER, 400);
      expect(res.body.code, field).toBe("VALIDATION");
      expect(res.body.errors?.[0]?.path, field).toBe(field);
    }
    // An episode that is not published, or not there, is refused too.
    for (const episodeSlug of ["draft", "no-such-episode"]) {
      const res = await sendMessage(t.request, { kind: "text", text: "Hi", episodeSlug }, LISTENER, 400);
      expect(res.body.message).toMatch(/no such episode/);
    }
    expect(await rowCount(t)).toBe(0);
    // None of the refusals counted against the network: it still sends three.
    for (let i = 0; i < 3; i++) await sendMessage(t.request, { kind: "text", text: `Hi ${i}` }, LISTENER, 201);
  });

  it("when a solved challenge is used again, or is not one the site made, then 400 CHALLENGE_FAILED", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    const altcha = await solvedChallenge(t.request);
    const body = { kind: "text", text: "Hi", consent: true, altcha };
    await t.request.post("/api/messages").set("X-Forwarded-For", LISTENER).send(body).expect(201);
    const replayed = await t.request.post("/api/messages").set("X-Forwarded-For", LISTENER).send(body).expect(400);
    expect(replayed.body).toMatchObject({ code: "CHALLENGE_FAILED" });
    expect(replayed.body.message).toMatch(/robots/);
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(altcha, "base64").toString()), signature: "0".repeat(64) }),
    ).toString("base64");
    await t.request
      .post("/api/messages")
      .send({ ...body, altcha: forged })
      .expect(400);
    await t.request
      .post("/api/messages")
      .send({ ...body, altcha: "bm90IGpzb24=" })
      .expect(400);
    expect(await rowCount(t)).toBe(1);
  });

  it("when one network sends a fourth message in a day, then 429 with Retry-After; another network still sends", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    for (let i = 1; i <= 3; i++) await sendMessage(t.request, { kind: "text", text: `Hi ${i}` }, `203.0.113.${i}`, 201);
    const refused = await sendMessage(t.request, { kind: "text", text: "Hi 4" }, "203.0.113.200", 429);
    expect(refused.body.message).toMatch(/already sent 3 messages today/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(24 * 60 * 60);
    await sendMessage(t.request, { kind: "text", text: "Hi" }, "203.0.114.1", 201);
    // No address is kept: only keyed hashes.
    const { rows } = await t.db.database.pool.query("SELECT to_jsonb(m)::text AS row FROM messages m");
    for (const { row } of rows) expect(row).not.toMatch(/203\.0\.11/);
  });
});

describe("messages from listeners: voice", () => {
  it("when a listener sends a recording, then it arrives with its length, and the owner plays it with ranges and downloads it", async ({
    t,
    admin,
  }) => {
    await setMessagesEnabled(admin, true);
    const ogg = makeOggOpus({ seconds: 12 });
    const voice = await startVoice(t, { durationSeconds: 99 });
    expect(
      await admin
        .get("/api/messages")
        .expect(200)
        .then((r) => r.body),
    ).toEqual([]); // not arrived yet
    const arrived = await upload(t, voice.uploadUrl, ogg, "audio/ogg;codecs=opus").expect(201);
    expect(arrived.body).toEqual({ id: voice.id });
    const [listed] = (await admin.get("/api/messages").expect(200)).body;
    // The file's own length wins over the recorder's figure.
    expect(listed).toMatchObject({ id: voice.id, kind: "voice", durationSeconds: 12, size: ogg.length, text: null, status: "new" });

    const whole = await admin.get(`/api/messages/${voice.id}/file`).buffer(true).parse(binary).expect(200);
    expect(whole.headers["content-type"]).toBe("audio/ogg");
    expect(whole.headers["content-disposition"]).toMatch(/^attachment; filename="?message-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.ogg"?$/);
    expect(Buffer.compare(whole.body as Buffer, ogg)).toBe(0);
    const part = await admin.get(`/api/messages/${voice.id}/file`).set("Range", "bytes=100-199").buffer(true).parse(binary).expect(206);
    expect(part.headers["content-range"]).toBe(`bytes 100-199/${ogg.length}`);
    expect(Buffer.compare(part.body as Buffer, ogg.subarray(100, 200))).toBe(0);
    await admin
      .get(`/api/messages/${voice.id}/file`)
      .set("Range", `bytes=${ogg.length + 10}-`)
      .expect(416);

    // The upload address is single-use.
    const again = await upload(t, voice.uploadUrl, ogg).expect(410);
    expect(again.body.code).toBe("GONE");
    await admin.get(`/api/messages/00000000-0000-4000-8000-000000000000/file`).expect(404);
    await admin.delete(`/api/messages/${voice.id}`).expect(204);
    expect(storedFiles(t)).toEqual([]);
  });

  it("when a WebM recording does not say its length, then its length is where its last block starts", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    const voice = await startVoice(t, { durationSeconds: 4.6 });
    await upload(t, voice.uploadUrl, makeWebmOpus({ seconds: 5 }), "audio/webm;codecs=opus").expect(201);
    const [listed] = (await admin.get("/api/messages").expect(200)).body;
    expect(listed).toMatchObject({ kind: "voice", durationSeconds: 5 });
    const file = await admin.get(`/api/messages/${voice.id}/file`).expect(200);
    expect(file.headers["content-type"]).toBe("audio/webm");
  });

  it("when a browser's own recording arrives (Chromium's WebM and MP4, Firefox's Ogg and WebM, written as a live stream by MediaRecorder), then it is taken with the length its blocks or fragments give", async ({
    t,
    admin,
  }) => {
    await setMessagesEnabled(admin, true);
    const recordings = [
      { file: "chromium.webm", type: "audio/webm;codecs=opus", stored: "audio/webm" },
      { file: "firefox.ogg", type: "audio/ogg;codecs=opus", stored: "audio/ogg" },
      { file: "firefox.webm", type: "audio/webm;codecs=opus", stored: "audio/webm" },
      // Fragmented MP4, as Safari records (there with AAC): the movie says 0 s, the fragments hold the length.
      { file: "chromium.mp4", type: "audio/mp4", stored: "audio/mp4" },
    ];
    for (const [i, recording] of recordings.entries()) {
      const bytes = fs.readFileSync(path.join(RECORDINGS, recording.file));
      // The recorder's own figure is far off: the length read from the file wins.
      const voice = await startVoice(t, { durationSeconds: 60 }, `203.0.${113 + i}.9`);
      await upload(t, voice.uploadUrl, bytes, recording.type).expect(201);
      const listed = ((await admin.get("/api/messages").expect(200)).body as { id: string; durationSeconds: number; size: number }[]).find(
        (m) => m.id === voice.id,
      );
      expect(listed, recording.file).toMatchObject({ durationSeconds: 2, size: bytes.length });
      const file = await admin.get(`/api/messages/${voice.id}/file`).expect(200);
      expect(file.headers["content-type"], recording.file).toBe(recording.stored);
    }
  });

  it("when a recording is made to make its parser loop without end (an MP4 fragment claiming 4 billion samples), then 415 and the server goes on answering", async ({
    t,
    admin,
  }) => {
    await setMessagesEnabled(admin, true);
    const bytes = Buffer.from(fs.readFileSync(path.join(RECORDINGS, "chromium.mp4")));
    const trun = bytes.indexOf("trun");
    // The first fragment's sample table: no per-sample fields (flags 0), and 0xFFFFFFFF samples.
    bytes.writeUInt32BE(0, trun + 4);
    bytes.writeUInt32BE(0xffffffff, trun + 8);
    const voice = await startVoice(t, { durationSeconds: 2 }, "203.0.120.9");
    const res = await upload(t, voice.uploadUrl, bytes, "audio/mp4").expect(415);
    expect(res.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect(storedFiles(t)).toEqual([]);
    await t.request.get("/api/health").expect(200);
    // The next recording is read by a fresh worker.
    const next = await startVoice(t, { durationSeconds: 2 }, "203.0.121.9");
    await upload(t, next.uploadUrl, fs.readFileSync(path.join(RECORDINGS, "firefox.ogg")), "audio/ogg").expect(201);
  });

  it("when a recording's bytes are not audio (a text or a PNG sent as audio/webm), then 415 and nothing is kept", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(2000)]);
    for (const body of [Buffer.from("Just some words, not a recording.\n".repeat(50)), png]) {
      const voice = await startVoice(t);
      const res = await upload(t, voice.uploadUrl, body, "audio/webm").expect(415);
      expect(res.body.code).toBe("UNSUPPORTED_MEDIA_TYPE");
      expect(res.body.message).toMatch(/not audio the site takes/);
    }
    // A type no recorder sends is refused before the bytes are read.
    const voice = await startVoice(t);
    await upload(t, voice.uploadUrl, makeOggOpus({ seconds: 1 }), "text/html").expect(415);
    expect(storedFiles(t)).toEqual([]);
    expect((await admin.get("/api/messages").expect(200)).body).toEqual([]);
    expect(await usedBytes(t)).toBe(0);
  });

  it("when a recording is 10 MB and 1 byte, then 413, nothing is stored and the quota is unchanged; announced or not", async ({
    t,
    admin,
  }) => {
    await setMessagesEnabled(admin, true);
    const tooBig = Buffer.concat([makeOggOpus({ seconds: 1 }), Buffer.alloc(MESSAGE_LIMITS.voiceBytesMax)]).subarray(
      0,
      MESSAGE_LIMITS.voiceBytesMax + 1,
    );
    const announced = await startVoice(t);
    const res = await upload(t, announced.uploadUrl, tooBig).expect(413);
    expect(res.body.message).toMatch(/larger than 10 MB/);
    // Sent in chunks without a length: cut off at the cap.
    const chunked = await startVoice(t);
    const stream = Readable.from(Array.from({ length: 11 }, (_, i) => tooBig.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024)));
    const res2 = await fetchPut(t, chunked.uploadUrl, stream);
    expect(res2.status).toBe(413);
    expect(storedFiles(t)).toEqual([]);
    expect(await usedBytes(t)).toBe(0);
    expect((await admin.get("/api/messages").expect(200)).body).toEqual([]);
  });

  it("when a recording is longer than 3 minutes (and a little), then 400 and nothing is kept", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    const voice = await startVoice(t);
    const res = await upload(t, voice.uploadUrl, makeOggOpus({ seconds: 200, bitsPerSecond: 8_000 })).expect(400);
    expect(res.body.message).toMatch(/longer than 3 minutes/);
    expect(storedFiles(t)).toEqual([]);
  });

  it("when an upload address has expired, then 410", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    const voice = await startVoice(t);
    await t.db.database.pool.query("UPDATE messages SET upload_expires_at = now() - interval '1 second'");
    await upload(t, voice.uploadUrl, makeOggOpus({ seconds: 1 })).expect(410);
    await upload(t, voice.uploadUrl.replace(/token=.*/, "token=wrong"), makeOggOpus({ seconds: 1 })).expect(410);
  });
});

describe("messages from listeners: quota, retention, backup", () => {
  small("when the quota is full, then 507 and the recording is not kept", async ({ t, admin }) => {
    await setMessagesEnabled(admin, true);
    const first = await startVoice(t);
    await upload(t, first.uploadUrl, makeOggOpus({ seconds: 20 })).expect(201); // about 220 KB
    const second = await startVoice(t, {}, "192.0.2.1");
    const res = await upload(t, second.uploadUrl, makeOggOpus({ seconds: 20 })).expect(507);
    expect(res.body.message).toMatch(/inbox is full/);
    expect(storedFiles(t)).toHaveLength(1);
  });

  it("when the sweep runs, then messages past their keeping time go with their files, and voice messages never sent after their hour", async ({
    t,
    admin,
  }) => {
    await setMessagesEnabled(admin, true);
    const kept = await startVoice(t);
    await upload(t, kept.uploadUrl, makeOggOpus({ seconds: 2 })).expect(201);
    await startVoice(t); // never sent
    await sendMessage(t.request, { kind: "text", text: "Hi" }, "192.0.2.1", 201);
    expect(await t.app.sweepMessages(new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(await t.app.sweepMessages(new Date(Date.now() + 61 * 60_000))).toBe(1);
    expect(await rowCount(t)).toBe(2);
    expect(storedFiles(t)).toHaveLength(1);
    // A recording still arriving when its hour ends is left to finish, for an hour more.
    const arriving = await startVoice(t, {}, "192.0.2.2");
    await t.db.database.pool.query("UPDATE messages SET state = 'receiving' WHERE id = $1", [arriving.id]);
    expect(await t.app.sweepMessages(new Date(Date.now() + 90 * 60_000))).toBe(0);
    expect(await t.app.sweepMessages(new Date(Date.now() + 121 * 60_000))).toBe(1);
    expect(await rowCount(t)).toBe(2);
    expect(await t.app.sweepMessages(new Date(Date.now() + 364 * DAY_MS))).toBe(0);
    expect(await t.app.sweepMessages(new Date(Date.now() + 366 * DAY_MS))).toBe(2);
    expect(await rowCount(t)).toBe(0);
    expect(storedFiles(t)).toEqual([]);
  });

  it("when messages are backed up and restored, then the arrived ones and their recordings come back; ones never sent do not", async ({
    t,
    admin,
  }) => {
    await setMessagesEnabled(admin, true);
    const ogg = makeOggOpus({ seconds: 90 });
    const voice = await startVoice(t, { name: "Bo" });
    await upload(t, voice.uploadUrl, ogg).expect(201);
    await startVoice(t); // never sent
    await sendMessage(t.request, { kind: "text", text: "Written" }, "192.0.2.1", 201);
    const files = createLocalLargeFiles(messagesDir(t));
    const archive = await toBuffer((out) => writeBackup(t.db.database.pool, createLocalStore(t.objectsDir), out, undefined, files));

    await withRestoredSite(archive, async (target, result) => {
      expect(result.messageFiles).toBe(1);
      const owner = await target.admin();
      const listed = (await owner.get("/api/messages").expect(200)).body;
      expect(listed.map((m: { kind: string }) => m.kind).sort()).toEqual(["text", "voice"]);
      const file = await owner.get(`/api/messages/${voice.id}/file`).buffer(true).parse(binary).expect(200);
      expect(Buffer.compare(file.body as Buffer, ogg)).toBe(0);
      expect(
        Number((await target.db.database.pool.query("SELECT count(*) AS n FROM messages WHERE network_key IS NOT NULL")).rows[0].n),
      ).toBe(0);
    });
  });
});

/** A PUT whose body is streamed without a length (chunked), over real HTTP. */
async function fetchPut(t: TestApp, url: string, body: Readable): Promise<{ status: number }> {
  const http = await import("node:http");
  const server = http.createServer(t.app.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = server.address() as { port: number };
    return await new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: url,
          method: "PUT",
          headers: { "Content-Type": "audio/ogg", "Transfer-Encoding": "chunked", "X-Forwarded-For": LISTENER },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
        },
      );
      req.on("error", (err) =>
        (err as NodeJS.ErrnoException).code === "EPIPE" || (err as NodeJS.ErrnoException).code === "ECONNRESET" ? undefined : reject(err),
      );
      body.pipe(req);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
