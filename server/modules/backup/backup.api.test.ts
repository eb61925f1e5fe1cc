import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { describe, expect } from "vitest";
import { createLocalStore } from "../../platform/objects/local-store";
import type { ObjectStore } from "../../platform/objects/store";
import { BACKUP_TABLES, selectRowsSql } from "./storage";
import { binary, toBuffer } from "../../test/bytes";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  appTest,
  createTestDb,
  postClip,
  postEpisode,
  SPOTIFY,
  type TestApp,
  type TestDb,
  YOUTUBE,
} from "../../test/harness";
import { restoreBackup, writeBackup } from "./service";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** Where a backup is restored: an empty database (the migrated template) and an empty object folder. */
interface Target {
  db: TestDb;
  store: ObjectStore;
}

const it = appTest().extend<{ target: Target }>({
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
  target: async ({}, use) => {
    const db = await createTestDb();
    const objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-restore-"));
    try {
      await use({ db, store: createLocalStore(objectsDir) });
    } finally {
      await db.drop();
      fs.rmSync(objectsDir, { recursive: true, force: true });
    }
  },
});

async function dump(db: TestDb) {
  const out: Record<string, unknown[]> = {};
  for (const table of BACKUP_TABLES) {
    out[table] = (await db.database.pool.query(selectRowsSql(table))).rows.map((r) => r.row);
  }
  return out;
}

/** A site with a bit of everything: odd text, a draft, an uploaded icon, an audition try. */
async function fillSite(source: TestApp) {
  const admin = await source.admin();
  await admin.post("/api/settings").send({ key: "footer_content", value: "<p>© Show — ünïcödé 🎙</p>" }).expect(200);
  await admin.post("/api/settings").send({ key: "editors_password", value: "podedit" }).expect(200);
  await postEpisode(admin, {
    title: "E1",
    spotifyEmbedUrl: SPOTIFY(1),
    description: "line\nbreak",
    metaDescription: "Said to search engines.",
  });
  const clip = await postClip(admin, { title: "C1", youtubeEmbedUrl: YOUTUBE(), content: "Label: text", isPublished: false });
  // An old slug that still answers (slug_history).
  await admin.put(`/api/clips/${clip.id}`).send({ slug: "c1-renamed" }).expect(200);
  const { body } = await admin.post("/api/objects/upload").expect(200);
  await admin.put(body.uploadURL).send(PNG).expect(200);
  await admin.post("/api/providers").send({ name: "P", url: "https://p.example", icon: body.uploadURL }).expect(201);
  await source.request.post("/api/editors/unlock").send({ password: "podedit7" }).expect(200);
}

const backupOf = (source: TestApp) => toBuffer((out) => writeBackup(source.db.database.pool, createLocalStore(source.objectsDir), out));

/** The filled site, backed up and restored into the target. */
async function restoredSite(source: TestApp, target: Target) {
  await fillSite(source);
  const archive = await backupOf(source);
  const result = await restoreBackup(target.db.database.pool, target.store, Readable.from(archive));
  return { archive, result };
}

describe("backup and restore", () => {
  it("when a site is backed up and restored into an empty database, then every row and file comes back identical", async ({
    t: source,
    target,
  }) => {
    const { result } = await restoredSite(source, target);
    expect(result.objects).toBe(1);
    expect(await dump(target.db)).toEqual(await dump(source.db));
    const id = (await target.db.database.pool.query("SELECT id FROM objects WHERE status = 'complete'")).rows[0].id;
    expect(Buffer.compare((await target.store.read(id))!.data, (await createLocalStore(source.objectsDir).read(id))!.data)).toBe(0);
  });

  it("when new rows are added after a restore, then their ids follow the restored ones", async ({ t: source, target }) => {
    await restoredSite(source, target);
    const next = await target.db.database.pool.query("INSERT INTO episodes (title, spotify_embed_url) VALUES ('new', 'x') RETURNING id");
    const max = await source.db.database.pool.query("SELECT max(id)::int AS m FROM episodes");
    expect(next.rows[0].id).toBeGreaterThan(max.rows[0].m);
  });

  it("when the target already holds content, then restore refuses and changes nothing", async ({ t: source, target }) => {
    const { archive } = await restoredSite(source, target);
    const before = await dump(target.db);
    await expect(restoreBackup(target.db.database.pool, target.store, Readable.from(archive))).rejects.toThrow(/empty database/);
    expect(await dump(target.db)).toEqual(before);
  });

  it("when the archive is cut off or not a backup, then restore refuses and writes nothing", async ({ t: source, target: empty }) => {
    await fillSite(source);
    const archive = await backupOf(source);
    const lines = zlib.gunzipSync(archive).toString().trim().split("\n");
    const truncated = zlib.gzipSync(lines.slice(0, -1).join("\n"));
    await expect(restoreBackup(empty.db.database.pool, empty.store, Readable.from(truncated))).rejects.toThrow(/cut off/);
    await expect(
      restoreBackup(empty.db.database.pool, empty.store, Readable.from(zlib.gzipSync('{"type":"header","format":"other"}\n'))),
    ).rejects.toThrow(/not a backup/);
    const count = await empty.db.database.pool.query("SELECT count(*)::int AS n FROM episodes");
    expect(count.rows[0].n).toBe(0);
  });

  it("when a backup made before pictures' uses were recorded is restored, then each picture's uses are found again", async ({
    t: source,
    target,
  }) => {
    const admin = await source.admin();
    const { body } = await admin.post("/api/objects/upload").expect(200);
    const photo = (await admin.put(body.uploadURL).send(PNG).expect(200)).body.objectPath as string;
    await admin
      .put("/api/identity/about")
      .send({ title: "", intro: "", hosts: [{ name: "Ann", role: "", bio: "", photo }] })
      .expect(200);
    const lines = zlib
      .gunzipSync(await backupOf(source))
      .toString()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    for (const line of lines) if (line.type === "row" && line.table === "objects") delete line.row.used_for;

    await restoreBackup(
      target.db.database.pool,
      target.store,
      Readable.from(zlib.gzipSync(lines.map((line) => JSON.stringify(line)).join("\n"))),
    );

    const restored = await target.db.database.pool.query("SELECT used_for FROM objects WHERE id = $1", [photo.split("/").pop()]);
    expect(restored.rows[0].used_for).toEqual(["photo"]);
  });

  it("when the admin downloads a backup, then it is the same archive format; visitors get 401", async ({ t: source }) => {
    await fillSite(source);
    const admin = await source.admin();
    const res = await admin.get("/api/backup").buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="podcast-backup-.*\.jsonl\.gz"/);
    const first = JSON.parse(
      zlib
        .gunzipSync(res.body as Buffer)
        .toString()
        .split("\n")[0]!,
    );
    expect(first).toMatchObject({ type: "header", format: "podcast-site-backup", version: 1 });
    await source.request.get("/api/backup").expect(401);
  });
});

describe("a download that is cut off", () => {
  it("when the client goes away mid-download, then the server carries on serving", async ({ t: source }) => {
    const http = await import("node:http");
    await source.db.database.pool.query(
      "INSERT INTO editor_access_log (success, user_agent) SELECT false, repeat('x', 400) FROM generate_series(1, 20000)",
    );
    const login = await source.request.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
    const cookie = ([] as string[])
      .concat(login.headers["set-cookie"] ?? [])
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;
    const server = http.createServer(source.app.listener).listen(0, "127.0.0.1");
    await new Promise((r) => server.once("listening", r));
    const port = (server.address() as { port: number }).port;
    try {
      await new Promise<void>((resolve, reject) => {
        const req = http.get({ host: "127.0.0.1", port, path: "/api/backup", headers: { Cookie: cookie } }, (res) => {
          expect(res.statusCode).toBe(200);
          res.once("data", () => {
            req.destroy();
            resolve();
          });
        });
        req.on("error", () => {});
        setTimeout(() => reject(new Error("no data")), 10_000);
      });
      await new Promise((r) => setTimeout(r, 300));
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
