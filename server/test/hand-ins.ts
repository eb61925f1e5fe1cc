import type supertest from "supertest";
import { expect } from "vitest";
import type { HandInUpload } from "../../shared/auditions";
import { binary } from "./bytes";
import type { TestApp } from "./harness";

/** A candidate's code under the audition password `openAudition` sets. */
export const CODE = "podedit12";

/** The owner opens the auditions: the password "podedit", so codes are podedit and digits. */
export const openAudition = (admin: supertest.Agent) =>
  admin.post("/api/settings").send({ key: "editors_password", value: "podedit" }).expect(200);

/** A candidate starts handing in `file` (the browser sends its first bytes for the type check). */
export const startHandIn = (t: TestApp, file: Buffer, overrides: Record<string, unknown> = {}) =>
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

/** What the browser's uploader does for one part: ask for its address, then PUT the bytes there. */
export async function putPart(t: TestApp, upload: HandInUpload, n: number, bytes: Buffer) {
  const signed = await t.request
    .post(`/api/editors/hand-ins/${upload.id}/sign`)
    .set("x-upload-token", upload.token)
    .send({ partNumber: n });
  expect(signed.status).toBe(200);
  return t.request.put(signed.body.url).send(bytes);
}

/** The browser's last step: the upload is complete, presented with the candidate's code. */
export const completeHandIn = (t: TestApp, upload: HandInUpload, code = CODE) =>
  t.request
    .post(`/api/editors/hand-ins/${upload.id}/complete`)
    .set({ "x-upload-token": upload.token, "x-audition-code": encodeURIComponent(code), "content-type": "application/xml" })
    .send("<CompleteMultipartUpload></CompleteMultipartUpload>");

/**
 * A whole hand-in, as the browser makes it; answers the upload. `network`: the X-Forwarded-For its
 * start carries, for an app behind a trusted proxy.
 */
export async function handIn(
  t: TestApp,
  file: Buffer,
  overrides: Record<string, unknown> = {},
  { network }: { network?: string } = {},
): Promise<HandInUpload> {
  const start = startHandIn(t, file, overrides);
  const started = await (network ? start.set("X-Forwarded-For", network) : start);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const upload = started.body as HandInUpload;
  for (let n = 1, at = 0; at < file.length; n++, at += upload.partSize) {
    const put = await putPart(t, upload, n, file.subarray(at, at + upload.partSize));
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
  const done = await completeHandIn(t, upload, typeof overrides.code === "string" ? overrides.code : CODE);
  expect(done.status, done.text).toBe(200);
  return upload;
}

/** The owner's download of a hand-in's file, as bytes. */
export async function handedInFile(owner: supertest.Agent, id: string): Promise<Buffer> {
  const res = await owner.get(`/api/auditions/${id}/file`).buffer(true).parse(binary).expect(200);
  return res.body as Buffer;
}
