import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { HandInClient } from "../../server/test/hand-in-client";
import { makeWav } from "../../server/test/wav";
import { type AppProcess, type Check, Client, freePort, sleep, startApp, tempDir } from "./lib";

const MIB = 1024 * 1024;
const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/**
 * An audition hand-in under way when the server is killed with `kill -9` in the middle of a
 * part: after the restart the candidate's client resumes (the code checked again), learns which
 * parts are stored (never the cut one), sends the rest, and the finished file is byte for byte the
 * one it sent.
 */
export async function handInCrash(check: Check): Promise<void> {
  const dataDir = tempDir("hand-in-crash");
  const port = await freePort();
  const env = { DATA_DIR: dataDir, FEED_SYNC_MINUTES: "0" };
  let app: AppProcess | undefined;
  try {
    app = await startApp(env, port);
    const admin = new Client(app.url);
    await admin.login();
    await admin.request("POST", "/api/settings", { key: "editors_password", value: "faultcode" });
    const file = path.join(dataDir, "edit.wav");
    const wav = makeWav({ bytes: 40 * MIB, sampleRate: 44_100, channels: 2 });
    fs.writeFileSync(file, wav);

    const client = new HandInClient(app.url, "faultcode7");
    const upload = await client.start(file, { name: "Crash Candidate", email: "crash@example.com", fileName: "edit.wav" });
    const parts = await client.partCount(upload, file);
    for (let n = 1; n <= 3; n++) check.that((await client.putPart(upload, file, n)) === 200, `part ${n} stored before the crash`);

    // Part 4 goes out slowly: half of it, then the server is killed while it waits for the rest.
    const { addresses } = (await (
      await fetch(`${app.url}/api/editors/hand-ins/${upload.id}/sign`, {
        method: "POST",
        headers: { Origin: app.url, "Content-Type": "application/json", "x-upload-token": upload.token },
        body: JSON.stringify({ partNumbers: [4] }),
      })
    ).json()) as { addresses: { url: string }[] };
    const part = wav.subarray(3 * upload.partSize, 4 * upload.partSize);
    let release: () => void = () => {};
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(part.subarray(0, part.length / 2)));
        await new Promise<void>((resolve) => (release = resolve));
        controller.close();
      },
    });
    const cut = fetch(new URL(addresses[0]!.url, app.url), {
      method: "PUT",
      body,
      headers: { Origin: app.url, "Content-Length": String(part.length) },
      duplex: "half",
    } as RequestInit).then(
      (r) => r.status,
      () => 0,
    );
    await sleep(500);
    await app.kill("SIGKILL");
    release();
    check.that(app.child.signalCode === "SIGKILL", "the server was killed with kill -9 in the middle of part 4");
    check.that((await cut) === 0, "the cut part got no answer");

    app = await startApp(env, port);
    const resumed = await client.resume(upload);
    check.that(
      resumed.id === upload.id && resumed.partSize === upload.partSize,
      "after the restart, the client resumes its upload (the code checked again)",
    );
    const stored = await client.storedParts(upload);
    check.that(JSON.stringify(stored) === "[1,2,3]", `the server holds parts 1-3 and not the cut one (${JSON.stringify(stored)})`);
    for (let n = 1; n <= parts; n++) {
      if (!stored.includes(n)) check.that((await client.putPart(upload, file, n)) === 200, `part ${n} sent after the restart`);
    }
    const done = await client.complete(upload);
    check.that(done.status === 200, `the hand-in completes (${done.status})`);

    await admin.login();
    const res = await fetch(`${app.url}/api/auditions/${upload.id}/file`, { headers: { Cookie: admin.cookie } });
    const received = Buffer.from(await res.arrayBuffer());
    check.that(res.status === 200 && sha256(received) === sha256(wav), "the finished file is byte-identical to the one sent");
    check.that(!fs.existsSync(path.join(dataDir, "objects", "auditions", `${upload.id}.upload`)), "no upload leftovers remain");
  } finally {
    await app?.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
