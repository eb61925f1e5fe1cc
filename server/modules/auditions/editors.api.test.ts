import zlib from "node:zlib";
import type supertest from "supertest";
import { describe, expect } from "vitest";
import { binary } from "../../test/bytes";
import { appTest, createTestApp, type TestApp } from "../../test/harness";

const it = appTest();

const unlock = (t: TestApp, password: string, ua = "test-agent") =>
  t.request.post("/api/editors/unlock").set("User-Agent", ua).send({ password });

/** The audition of the spec: prefix 'podedit', file 1 'Raw files' with an address, file 2 a placeholder. */
async function setUpAudition(admin: supertest.Agent) {
  await admin.post("/api/settings").send({ key: "editors_password", value: "podedit" }).expect(200);
  await admin.post("/api/settings").send({ key: "editors_file_1_name", value: "Raw files" }).expect(200);
  await admin.post("/api/settings").send({ key: "editors_file_1_url", value: "https://drive.google.com/f/1" }).expect(200);
  await admin.post("/api/settings").send({ key: "editors_file_2_url", value: "GOOGLE_DRIVE_LINK_1" }).expect(200);
}

describe("POST /api/editors/unlock", () => {
  it("when no password has been set, then nothing unlocks", async ({ t }) => {
    await unlock(t, "podedit42").expect(401);
    await unlock(t, "").expect(401);
  });

  it("when the stored prefix is 'podedit', then 'podedit42' opens and 'podedit', 'podeditX1', 'wrong' do not", async ({ t, admin }) => {
    await setUpAudition(admin);

    const ok = await unlock(t, "podedit42", "Candidate Browser");
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ files: [{ name: "Raw files", url: "https://drive.google.com/f/1" }], handInsLeft: 3 });

    // A code pasted with spaces around it still opens.
    expect((await unlock(t, " podedit42 \t")).status).toBe(200);

    for (const wrong of ["podedit", "podeditX1", "wrong", "PODEDIT42", "podedit 42", "xpodedit42"]) {
      const res = await unlock(t, wrong);
      expect(res.status, wrong).toBe(401);
      expect(res.body.message).toBe("Incorrect password. Please try again.");
      expect(JSON.stringify(res.body)).not.toContain("drive.google.com");
    }
  });

  it("when file 1 has no usable address, then only file 1 comes back, with an empty URL, never file 2", async ({ t, admin }) => {
    await setUpAudition(admin);
    await admin.post("/api/settings").send({ key: "editors_file_1_url", value: "GOOGLE_DRIVE_LINK_1" }).expect(200);
    await admin.post("/api/settings").send({ key: "editors_file_2_url", value: "https://drive.google.com/f/2" }).expect(200);
    const res = await unlock(t, "podedit7");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ files: [{ name: "Raw files", url: "" }], handInsLeft: 3 });
    await admin.post("/api/settings").send({ key: "editors_file_1_url", value: "" }).expect(200);
    expect((await unlock(t, "podedit7")).body).toEqual({ files: [{ name: "Raw files", url: "" }], handInsLeft: 3 });
  });

  it("when the body is malformed, then 400", async ({ t }) => {
    await t.request.post("/api/editors/unlock").send({}).expect(400);
    await t.request.post("/api/editors/unlock").send({ password: 42 }).expect(400);
  });

  it("when a code of any wrong shape is tried (no digits, empty, spaces, too long, unicode digits), then 401 with the spec's message, logged as a failure", async ({
    t,
    admin,
  }) => {
    await setUpAudition(admin);
    for (const wrong of ["tryout", "", "   ", "podedit".repeat(40), `podedit${"4".repeat(300)}`, "pödedit42", "podedit٤٢", "😀"]) {
      const res = await unlock(t, wrong, "Shape tester");
      expect(res.status, wrong).toBe(401);
      expect(res.body.message, wrong).toBe("Incorrect password. Please try again.");
      expect(res.body.files, wrong).toBeUndefined();
    }
    const log = (await admin.get("/api/editor-access-log").expect(200)).body as { success: boolean; userAgent: string }[];
    expect(log.filter((e) => e.userAgent === "Shape tester").every((e) => !e.success)).toBe(true);
    expect(log.filter((e) => e.userAgent === "Shape tester")).toHaveLength(8);
  });

  it("when tries are logged, then the log keeps time, success, the working code's number and user agent, never a failed password", async ({
    t,
    admin,
  }) => {
    await setUpAudition(admin);
    await unlock(t, "podedit42", "Candidate Browser").expect(200);
    await unlock(t, "secret-guess-zzz", "Guesser");
    const log = await admin.get("/api/editor-access-log").expect(200);
    const entries = log.body as { success: boolean; code: string | null; userAgent: string; createdAt: string }[];
    const success = entries.find((e) => e.success && e.userAgent === "Candidate Browser")!;
    expect(success).toMatchObject({ code: "42", userAgent: "Candidate Browser" });
    expect(Date.parse(success.createdAt)).not.toBeNaN();
    const failed = entries.filter((e) => !e.success);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((e) => e.code === null)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain("secret-guess-zzz");
    await t.request.get("/api/editor-access-log").expect(401);
  });

  it("when a candidate's code opens the audition, then neither the log, the database nor a backup holds the prefix, only the candidate's number", async ({
    t,
    admin,
  }) => {
    await setUpAudition(admin);
    await unlock(t, "podedit12", "Candidate Browser").expect(200);
    await admin.post("/api/editor-access-log").send({ password: "podedit13", success: true, userAgent: "Old client" }).expect(201);

    const log = (await admin.get("/api/editor-access-log").expect(200)).body as { success: boolean; code: string | null }[];
    const rows = (await t.db.database.pool.query("SELECT code FROM editor_access_log WHERE success ORDER BY id")).rows;
    const backup = zlib.gunzipSync((await admin.get("/api/backup").buffer(true).parse(binary).expect(200)).body as Buffer).toString();

    expect(
      log
        .filter((e) => e.success)
        .map((e) => e.code)
        .sort(),
    ).toEqual(["12", "13"]);
    expect(rows.map((row) => row.code)).toEqual(["12", "13"]);
    expect(JSON.stringify(log)).not.toContain("podedit");
    expect(backup).toContain('"code":"12"');
    expect(backup).not.toContain("podedit");
  });

  it("when the spec's client posts an attempt, then it is logged without the failed text and cannot claim success", async ({
    t,
    admin,
  }) => {
    await admin.post("/api/editor-access-log").send({ password: "made-up-1", success: true, userAgent: "Old client" }).expect(201);
    const log = (await admin.get("/api/editor-access-log")).body as { success: boolean; userAgent: string; code: string | null }[];
    const entry = log.find((e) => e.userAgent === "Old client")!;
    expect(entry).toMatchObject({ success: false, code: null });
    await t.request.post("/api/editor-access-log").send({ password: "x", success: false, userAgent: "x" }).expect(401);
    await admin.post("/api/editor-access-log").send({ password: "made-up\u00001", success: false }).expect(400);
  });

  it("when a client keeps guessing, then it gets 429", async () => {
    const limited = await createTestApp({ limits: { loginFailures: 1000, auditionFailures: 10 } });
    try {
      for (let i = 0; i < 10; i++)
        await limited.request
          .post("/api/editors/unlock")
          .send({ password: `guess${i}` })
          .expect(401);
      const res = await limited.request.post("/api/editors/unlock").send({ password: "guess" });
      expect(res.status).toBe(429);
      expect(res.headers["retry-after"]).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
