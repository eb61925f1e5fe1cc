import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { type AppProcess, type Check, Client, startApp, tempDir } from "./lib";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/**
 * The upload store runs out of space while a file is written: a clean error, no partial file,
 * no row pointing at nothing; once there is room again, uploads work. The objects folder is a
 * 1 MB tmpfs mounted for the occasion (root only).
 */
export async function diskFullUpload(check: Check): Promise<void> {
  if (process.getuid?.() !== 0) {
    check.that(false, "this fault needs root to mount a small tmpfs (run it as root)");
    return;
  }
  const dataDir = tempDir("diskfull");
  const objectsDir = path.join(dataDir, "objects");
  fs.mkdirSync(objectsDir);
  execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", objectsDir]);
  let app: AppProcess | undefined;
  try {
    app = await startApp({ DATA_DIR: dataDir });
    const client = new Client(app.url);
    await client.login();
    const { uploadURL } = (await client.request("POST", "/api/objects/upload")).body as { uploadURL: string };
    // A real picture of about 3 MB (noise does not compress): the store keeps pictures re-encoded
    // without what follows their image data, so padding a small one would no longer fill the disk.
    const big = await sharp(crypto.randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    const res = await fetch(app.url + uploadURL, {
      method: "PUT",
      headers: { Origin: app.url, Cookie: client.cookie, "Content-Type": "application/octet-stream" },
      body: big,
    });
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    check.that(res.status === 507 && typeof body?.message === "string", `the upload failed cleanly: ${res.status} ${body?.message}`);
    const left = fs.readdirSync(objectsDir);
    check.that(left.length === 0, `no partial file was left (${left.join(", ") || "none"})`);
    const id = uploadURL.split("/").pop();
    check.that((await fetch(`${app.url}/objects/${id}`)).status === 404, "the object is not served");
    const provider = await client.request("POST", "/api/providers", { name: "P", url: "https://p.example", icon: uploadURL });
    check.that(provider.status === 400, `a provider cannot point at the failed upload (${provider.status})`);
    check.that(app.child.exitCode === null && (await client.request("GET", "/api/health")).status === 200, "the app is still healthy");

    const again = (await client.request("POST", "/api/objects/upload")).body as { uploadURL: string };
    const small = await fetch(app.url + again.uploadURL, { method: "PUT", headers: { Origin: app.url, Cookie: client.cookie }, body: PNG });
    check.that(small.status === 200, `a small upload still works (${small.status})`);
  } finally {
    await app?.kill("SIGTERM");
    try {
      execFileSync("umount", [objectsDir]);
    } catch {
      /* already gone */
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
