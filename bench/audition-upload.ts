/**
 * A 1 GiB audition hand-in through the local store (docs/decisions/014-audition-uploads.md):
 * the built app started as `npm start` runs it, a real WAV sent as the browser sends it (5 MiB
 * parts, one after the other, each on its own signed address), the server's resident memory
 * sampled all along, and the time set against a bare Node server taking the same parts and against
 * copying the same file on the same disk. The target (bench/README.md "Targets"): the hand-in, start
 * to checked, within 1.25× the bare Node server's time; the rest is reported, not held to a target.
 * Standalone: `npx tsx bench/audition-upload.ts` (builds the server first); `npm run bench` runs it too.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AppProcess, Client, ROOT, sleep, startApp, tempDir } from "../scripts/faults/lib";
import { HandInClient } from "../server/test/hand-in-client";
import { makeWav } from "../server/test/wav";

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
/** The target: the hand-in's time, start to checked, at most this many times the bare Node server's taking the same parts. */
export const HAND_IN_TARGET = 1.25;

export interface AuditionUploadFigures {
  bytes: number;
  /** Start to checked hand-in, and the parts alone. */
  uploadMs: number;
  partsMs: number;
  copyMs: number;
  /** A bare Node server that writes a request's body to disk, the same parts sent the same way: the platform's own ceiling here. */
  floorMs: number;
  rssBeforeMb: number;
  /** Peak while the parts came in, and over the whole hand-in (with the code's two checks). */
  rssPartsPeakMb: number;
  rssPeakMb: number;
  /** The same peak for a 12 MiB file: what any hand-in costs. */
  smallRssPeakMb: number;
  sameBytes: boolean;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A WAV of `bytes` of sound, written a few MiB at a time (never whole in this process's memory either). */
function writeWav(file: string, bytes: number): void {
  const pattern = makeWav({ bytes: 4 * MIB, sampleRate: 44_100, channels: 2 });
  const header = Buffer.from(pattern.subarray(0, 44));
  const dataBytes = bytes - 44;
  header.writeUInt32LE(36 + dataBytes, 4);
  header.writeUInt32LE(dataBytes, 40);
  const fd = fs.openSync(file, "w");
  try {
    fs.writeSync(fd, header);
    for (let left = dataBytes; left > 0;) {
      const n = Math.min(left, pattern.length - 44);
      fs.writeSync(fd, pattern, 44, n);
      left -= n;
    }
  } finally {
    fs.closeSync(fd);
  }
}

function sha256(file: string): string {
  const hash = crypto.createHash("sha256");
  const fd = fs.openSync(file, "r");
  const buffer = Buffer.alloc(8 * MIB);
  try {
    for (let n; (n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0;) hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest("hex");
}

/** Samples a process's resident memory every 50 ms, the peak per phase. */
function memorySampler(pid: number) {
  const peaks: Record<string, number> = {};
  let phase = "start";
  const timer = setInterval(() => (peaks[phase] = Math.max(peaks[phase] ?? 0, rssMb(pid))), 50);
  return {
    phase: (name: string) => (phase = name),
    stop: () => (clearInterval(timer), peaks),
  };
}

async function handIn(client: HandInClient, file: string, name: string, memory: ReturnType<typeof memorySampler>) {
  memory.phase("start");
  const started = performance.now();
  const upload = await client.start(file, { name, email: "bench@example.com", fileName: path.basename(file) });
  memory.phase("parts");
  const partsStarted = performance.now();
  const parts = await client.partCount(upload, file);
  for (let n = 1; n <= parts; n++) {
    const status = await client.putPart(upload, file, n);
    if (status !== 200) throw new Error(`part ${n} answered ${status}`);
  }
  const partsMs = performance.now() - partsStarted;
  memory.phase("complete");
  const done = await client.complete(upload);
  if (done.status !== 200) throw new Error(`completing answered ${done.status}: ${done.text}`);
  return { id: upload.id, uploadMs: performance.now() - started, partsMs };
}

/** The floor: the same parts, the same way, to a bare Node server that writes each body at its place. */
async function floorMs(file: string, dir: string): Promise<number> {
  const target = path.join(dir, "floor.bin");
  fs.writeFileSync(target, "");
  const server = http.createServer(async (req, res) => {
    const handle = await fs.promises.open(target, "r+");
    let at = Number(new URL(req.url!, "http://x").searchParams.get("at"));
    for await (const chunk of req) {
      await handle.write(chunk as Buffer, 0, (chunk as Buffer).length, at);
      at += (chunk as Buffer).length;
    }
    await handle.close();
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, "r");
  const started = performance.now();
  try {
    for (let at = 0; at < size; at += 5 * MIB) {
      const data = Buffer.alloc(Math.min(5 * MIB, size - at));
      fs.readSync(fd, data, 0, data.length, at);
      await (
        await fetch(`${base}/?at=${at}`, { method: "PUT", body: new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.length) })
      ).arrayBuffer();
    }
    return performance.now() - started;
  } finally {
    fs.closeSync(fd);
    server.close();
    fs.rmSync(target, { force: true });
  }
}

export async function benchAuditionUpload(bytes = GIB): Promise<AuditionUploadFigures> {
  const dataDir = tempDir("bench-hand-in");
  let app: AppProcess | undefined;
  try {
    app = await startApp({ DATA_DIR: dataDir, AUDITION_MAX_MB: "2048", AUDITION_QUOTA_GB: "5", FEED_SYNC_MINUTES: "0" });
    const admin = new Client(app.url);
    await admin.login();
    await admin.request("POST", "/api/settings", { key: "editors_password", value: "benchcode" });
    const source = path.join(dataDir, "edit.wav");
    writeWav(source, bytes);
    const small = path.join(dataDir, "small.wav");
    writeWav(small, 12 * MIB);
    const pid = app.child.pid!;

    // Once through with a small file first: the code the upload runs is loaded, and its cost known.
    const warmup = memorySampler(pid);
    await handIn(new HandInClient(app.url, "benchcode1"), small, "Warm-up", warmup);
    warmup.stop();
    await sleep(1_000);
    const rssBeforeSmall = rssMb(pid);
    const smallMemory = memorySampler(pid);
    await handIn(new HandInClient(app.url, "benchcode2"), small, "Small", smallMemory);
    const smallRssPeakMb = Math.max(...Object.values(smallMemory.stop())) - rssBeforeSmall;
    await sleep(1_000);

    const rssBeforeMb = rssMb(pid);
    const memory = memorySampler(pid);
    const { id, uploadMs, partsMs } = await handIn(new HandInClient(app.url, "benchcode3"), source, "Bench", memory);
    const peaks = memory.stop();

    const copyStarted = performance.now();
    execFileSync("cp", ["--reflink=never", source, path.join(dataDir, "copy.wav")]);
    // The hand-in's last step flushes the file to the disk; the copy is held to the same.
    execFileSync("sync", [path.join(dataDir, "copy.wav")]);
    const copyMs = performance.now() - copyStarted;
    fs.rmSync(path.join(dataDir, "copy.wav"));

    const stored = path.join(dataDir, "objects", "auditions", id);
    const sameBytes = fs.statSync(stored).size === bytes && sha256(stored) === sha256(source);
    return {
      bytes,
      uploadMs,
      partsMs,
      copyMs,
      floorMs: await floorMs(source, dataDir),
      rssBeforeMb,
      rssPartsPeakMb: peaks.parts ?? rssBeforeMb,
      rssPeakMb: Math.max(...Object.values(peaks)),
      smallRssPeakMb: smallRssPeakMb + rssBeforeMb,
      sameBytes,
    };
  } finally {
    await app?.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How far `value` is from `target`, in percent of the target: one decimal under 1 %. */
const percentOff = (value: number, target: number) => {
  const off = (Math.abs(value - target) / target) * 100;
  return off < 1 ? off.toFixed(1) : off.toFixed(0);
};

/** The section of bench/RESULTS.md, and the target missed (the hand-in against the bare Node server), if it is. */
export function auditionUploadReport(f: AuditionUploadFigures): { markdown: string; misses: string[] } {
  const rate = (ms: number) => `${(f.bytes / MIB / (ms / 1000)).toFixed(0)} MiB/s`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const growth = f.rssPeakMb - f.rssBeforeMb;
  const partsGrowth = f.rssPartsPeakMb - f.rssBeforeMb;
  const smallGrowth = f.smallRssPeakMb - f.rssBeforeMb;
  const ratio = f.uploadMs / f.floorMs;
  const shown = ratio > HAND_IN_TARGET && Number(ratio.toFixed(2)) <= HAND_IN_TARGET ? ratio.toFixed(3) : ratio.toFixed(2);
  const misses = [
    ratio <= HAND_IN_TARGET
      ? null
      : `audition hand-in at ${shown}× the time of the bare Node server taking the same parts (target within ${HAND_IN_TARGET}×, ${percentOff(ratio, HAND_IN_TARGET)}% over)`,
    // A hand-in that did not store the file sent is no hand-in: its time says nothing of one.
    f.sameBytes
      ? null
      : `audition hand-in: the stored file is not the file sent, so its time is not a hand-in's (target within ${HAND_IN_TARGET}× the bare Node server)`,
  ].filter((m): m is string => m !== null);
  const markdown = `## Audition hand-in upload

A ${(f.bytes / GIB).toFixed(0)} GiB WAV handed in through the local store as the browser sends it: 5 MiB parts one after the
other (their addresses asked for 20 at a time), each written at its place as it arrives; then the parts joined (a flush),
the bytes and the code checked again. The target: the hand-in, start to checked, within ${HAND_IN_TARGET}× the time of the
bare Node server taking the same parts; the rest is reported, not held to a target.

| | |
|---|---|
| hand-in, start to checked (code checked twice, file flushed) | ${s(f.uploadMs)} (${rate(f.uploadMs)}) |
| the parts alone | ${s(f.partsMs)} (${rate(f.partsMs)}) |
| floor: the same parts to a bare Node server writing them to disk | ${s(f.floorMs)} (${rate(f.floorMs)}) |
| \`cp\` of the same file on the same disk, flushed | ${s(f.copyMs)} (${rate(f.copyMs)}) |
| hand-in time / floor time | ${ratio.toFixed(2)}× (target within ${HAND_IN_TARGET}×); the parts alone / floor ${(f.partsMs / f.floorMs).toFixed(2)}×; hand-in / copy ${(f.uploadMs / f.copyMs).toFixed(1)}× |
| Node resident memory before | ${f.rssBeforeMb.toFixed(0)} MB |
| growth while the parts came in | ${partsGrowth.toFixed(0)} MB |
| growth over the whole hand-in; the same for a 12 MiB file | ${growth.toFixed(0)} MB; ${smallGrowth.toFixed(0)} MB (the code's check is scrypt, 128 MB for a moment, whatever the file) |
| stored file identical to the one sent | ${f.sameBytes ? "yes" : "NO"} |
`;
  return { markdown, misses };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  execFileSync("node", ["scripts/build-server.mjs"], { cwd: ROOT, stdio: "inherit" });
  const figures = await benchAuditionUpload(process.argv[2] ? Number(process.argv[2]) * MIB : GIB);
  const { markdown, misses } = auditionUploadReport(figures);
  console.log(markdown);
  if (misses.length) console.log(`Missed:\n${misses.map((m) => `- ${m}`).join("\n")}`);
}
