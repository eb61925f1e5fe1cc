import fs from "node:fs";
import path from "node:path";
import type supertest from "supertest";
import { afterAll, beforeEach, expect } from "vitest";
import type { HandInUpload } from "../../shared/auditions";
import { binary } from "./bytes";
import type { AppDeps } from "../app";
import { appTest, type TestApp } from "./harness";
import { startMailbox } from "./mailbox";

export const MB = 1024 * 1024;

/** How many hand-ins the database holds, finished or under way. */
export const rowCount = async (t: TestApp) => Number((await t.db.database.pool.query("SELECT count(*) AS n FROM auditions")).rows[0].n);

/** The files in the app's store of hand-ins: finished ones by id, those under way as `<id>.upload`. */
export const storedFiles = (t: TestApp) =>
  fs.existsSync(path.join(t.objectsDir, "auditions")) ? fs.readdirSync(path.join(t.objectsDir, "auditions")) : [];

/** Nothing of a hand-in is kept: no record, no file. */
export async function expectNothingKept(t: TestApp) {
  expect(await rowCount(t)).toBe(0);
  expect(storedFiles(t)).toEqual([]);
}

/** A candidate's code under the audition password `openAudition` sets. */
export const CODE = "podedit12";

/** The owner opens the auditions: the password "podedit", so codes are podedit and digits. */
const openAudition = (admin: supertest.Agent) =>
  admin.post("/api/settings").send({ key: "editors_password", value: "podedit" }).expect(200);

/**
 * `it` for the audition's API tests: as `appTest` makes it, and before each test the owner opens the
 * auditions (`openAudition`), so `admin` is that owner's agent.
 */
export const auditionTest = (overrides: Partial<AppDeps> = {}) =>
  appTest(overrides).extend<{ auditionOpen: void }>({
    auditionOpen: [
      async ({ admin }, use) => {
        await openAudition(admin);
        await use();
      },
      { auto: true },
    ],
  });

/**
 * Hand-in tests with e-mail: an SMTP server on loopback for the test file (emptied and up again
 * before each test, closed after the file); `it`'s app sends to it (its config is `mailing`), `itWithoutMail`'s has no SMTP_URL.
 */
export async function auditionTestsWithMailbox(options?: Parameters<typeof startMailbox>[0]) {
  const mailbox = await startMailbox(options);
  afterAll(() => mailbox.close());
  beforeEach(() => {
    mailbox.clear();
    mailbox.setDown(false);
  });
  const config = { publicUrl: "http://localhost:5000", env: "test" as const, trustProxy: undefined };
  const mailing = { ...config, smtpUrl: mailbox.url };
  return { mailbox, mailing, it: auditionTest({ config: mailing }), itWithoutMail: auditionTest({ config }) };
}

/** A candidate starts handing in `file` (the browser sends its first bytes for the type check). */
const startHandIn = (t: TestApp, file: Buffer, overrides: Record<string, unknown> = {}) =>
  t.request.post("/api/editors/hand-ins").send({
    code: CODE,
    name: "Ada Editor",
    email: "ada@example.com",
    notes: "Cut the long pause at 12:30.",
    fileName: "my-edit.wav",
    size: file.length,
    head: file.subarray(0, 4100).toString("base64"),
    ...overrides,
  });

/** The browser asks for signed addresses: a part's (`{ partNumber }`), several (`{ partNumbers }`) or the parts listing (`{ list: true }`). */
const signHandIn = (t: TestApp, upload: HandInUpload, body: object) =>
  t.request.post(`/api/editors/hand-ins/${upload.id}/sign`).set("x-upload-token", upload.token).send(body);

/** What the browser's uploader does for one part: ask for its address, then PUT the bytes there. */
async function putPart(t: TestApp, upload: HandInUpload, n: number, bytes: Buffer) {
  const signed = await signHandIn(t, upload, { partNumber: n });
  expect(signed.status).toBe(200);
  return t.request.put(signed.body.url).send(bytes);
}

/** The browser's last step: the upload is complete, presented with the candidate's code. */
const completeHandIn = (t: TestApp, upload: HandInUpload, code = CODE) =>
  t.request
    .post(`/api/editors/hand-ins/${upload.id}/complete`)
    .set({ "x-upload-token": upload.token, "x-audition-code": encodeURIComponent(code), "content-type": "application/xml" })
    .send("<CompleteMultipartUpload></CompleteMultipartUpload>");

/** The browser comes back to an upload with a token (its own unless given) and a candidate's code. */
const resumeHandIn = (t: TestApp, upload: HandInUpload, code = CODE, token = upload.token) =>
  t.request.post(`/api/editors/hand-ins/${upload.id}/resume`).set("x-upload-token", token).send({ code });

/** A refusal as the candidate's browser gets it: the status, and the message in words. */
export function expectRefused(res: { status: number; body: { message?: unknown } }, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.body.message).toBe(message);
}

/**
 * An upload under way, as the browser makes it: a candidate starts handing in `file` and sends its
 * first `parts` parts (all of them for "all"), each one accepted; answers the upload. `network`: the
 * X-Forwarded-For its start carries, for an app behind a trusted proxy.
 */
async function startUpload(
  t: TestApp,
  file: Buffer,
  { overrides = {}, network, parts = 0 }: { overrides?: Record<string, unknown>; network?: string; parts?: number | "all" } = {},
): Promise<HandInUpload> {
  const start = startHandIn(t, file, overrides);
  const started = await (network ? start.set("X-Forwarded-For", network) : start);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const upload = started.body as HandInUpload;
  const count = parts === "all" ? Math.ceil(file.length / upload.partSize) : parts;
  for (let n = 1; n <= count; n++) {
    const put = await putPart(t, upload, n, file.subarray((n - 1) * upload.partSize, n * upload.partSize));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
  return upload;
}

/**
 * A whole hand-in, as the browser makes it; answers the upload. `network`: the X-Forwarded-For its
 * start carries, for an app behind a trusted proxy.
 */
async function handIn(
  t: TestApp,
  file: Buffer,
  overrides: Record<string, unknown> = {},
  { network }: { network?: string } = {},
): Promise<HandInUpload> {
  const upload = await startUpload(t, file, { overrides, network, parts: "all" });
  const done = await completeHandIn(t, upload, typeof overrides.code === "string" ? overrides.code : CODE);
  expect(done.status, done.text).toBe(200);
  return upload;
}

/**
 * What a candidate's browser does, step by step: `start` a hand-in, `sign` addresses, `putPart`,
 * `complete`, `resume`; `startUpload` an upload under way, or `handIn` a whole file.
 */
export const browser = {
  start: startHandIn,
  sign: signHandIn,
  putPart,
  complete: completeHandIn,
  resume: resumeHandIn,
  startUpload,
  handIn,
};

/** The owner's list at `path` (the hand-ins, or the uploads under way), which no cache may keep. */
export async function ownersList(owner: supertest.Agent, path: string): Promise<unknown> {
  const list = await owner.get(path).expect(200);
  expect(list.headers["cache-control"]).toContain("no-store");
  return list.body;
}

/** The owner's download of a hand-in's file, as bytes. */
export async function handedInFile(owner: supertest.Agent, id: string): Promise<Buffer> {
  const res = await owner.get(`/api/auditions/${id}/file`).buffer(true).parse(binary).expect(200);
  return res.body as Buffer;
}
