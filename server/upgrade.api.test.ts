import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import supertest from "supertest";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { runMigrations } from "./platform/db/migrate";
import { createLogger } from "./platform/runtime/logger";
import { projectRoot } from "./platform/runtime/paths";
import { createLocalStore } from "./platform/objects/local-store";
import { restoreBackup } from "./modules/backup/service";
import { fillMissingEpisodeSlugs } from "./modules/episodes/service";
import { createTestDb, type TestDb } from "./test/harness";

/** A backup made by the previous release (server/test/fixtures/README.md says how). */
const PREVIOUS_BACKUP = path.join(projectRoot(), "server", "test", "fixtures", "previous-release.bak");
/** The migrations the previous release had. */
const PREVIOUS_MIGRATIONS = 2;
const OWNER = { email: "host@example.com", password: "previous release password" };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function emptySite(): Promise<{ db: TestDb; objectsDir: string }> {
  const db = await createTestDb({ unmigrated: true });
  const objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-upgrade-"));
  cleanups.push(async () => {
    await db.drop();
    fs.rmSync(objectsDir, { recursive: true, force: true });
  });
  return { db, objectsDir };
}

/** The database as the previous release left it: its own migrations (or the first `count`), and nothing after them. */
async function migrateAsPreviousRelease(url: string, count = PREVIOUS_MIGRATIONS): Promise<void> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "previous-migrations-"));
  const source = path.join(projectRoot(), "migrations");
  const journal = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(source, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.end();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** This release started on the database, as `npm start` does: migrations, slugs, then the app. */
async function startThisRelease(db: TestDb, objectsDir: string) {
  await runMigrations(db.url);
  await fillMissingEpisodeSlugs(db.database.db);
  const app = createApp({
    config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined },
    database: db.database,
    store: createLocalStore(objectsDir),
    logger: createLogger("silent"),
    sessionSecret: "upgrade-test-secret-".padEnd(64, "x"),
    clientDir: path.join(objectsDir, "no-client"),
  });
  cleanups.push(() => app.close());
  return supertest.agent(app.listener);
}

/** What the owner and visitors had before the upgrade is all there, and works. */
async function expectThePreviousSite(site: supertest.Agent): Promise<void> {
  await site.get("/api/health/ready").expect(200);
  const providers = (await site.get("/api/providers").expect(200)).body as { name: string; icon: string }[];
  expect(providers.map((p) => p.name)).toEqual(["Own icon", "Spotify"]);
  const icon = await site.get(providers[0]!.icon).expect(200);
  expect(icon.headers["content-type"]).toBe("image/png");
  const episodes = (await site.get("/api/episodes").expect(200)).body as { title: string; slug: string }[];
  expect(episodes.map((e) => e.title)).toEqual(["Episode one: why pain"]);
  expect(episodes[0]!.slug).toBe("episode-one-why-pain");
  await site.get(`/api/episodes/slug/${episodes[0]!.slug}`).expect(200);
  const clip = (await site.get("/api/clips/slug/why-pain").expect(200)).body as { keyQuote: string };
  expect(clip.keyQuote).toBe("Pain protects you");
  expect((await site.get("/api/settings/podcast_title").expect(200)).body.value).toBe("Pain & Learning (previous release)");
  expect((await site.get("/api/settings/site_theme").expect(200)).body.value).toBe("deep-ocean");
  // The audition password kept from before still opens file 1, and the owner's password still logs in.
  const unlocked = await site.post("/api/editors/unlock").send({ password: "podedit9" }).expect(200);
  expect(unlocked.body.files[0].name).toBe("Raw interview");
  await site.post("/api/auth/login").send(OWNER).expect(200);
  const all = (await site.get("/api/episodes").expect(200)).body as { title: string }[];
  expect(all.map((e) => e.title).sort()).toEqual(["Episode one: why pain", "Episode two (draft)"]);
  // The log kept the whole code then; only the candidate's number is left of it now.
  const log = (await site.get("/api/editor-access-log").expect(200)).body as { code: string | null; success: boolean }[];
  expect(log.map((entry) => [entry.success, entry.code])).toEqual([
    [true, "9"],
    [true, "42"],
  ]);
}

describe("upgrading from the previous release", () => {
  it("when the previous release's backup is restored into this release, then the site is as it was", async () => {
    const { db, objectsDir } = await emptySite();
    await runMigrations(db.url);
    await restoreBackup(db.database.pool, createLocalStore(objectsDir), fs.createReadStream(PREVIOUS_BACKUP));
    await expectThePreviousSite(await startThisRelease(db, objectsDir));
  });

  it("when this release starts on the previous release's database, then its migrations run by themselves and nothing is lost", async () => {
    const { db, objectsDir } = await emptySite();
    await migrateAsPreviousRelease(db.url);
    // The previous release's data, put in as that release kept it (its backup holds every row).
    await restoreBackup(db.database.pool, createLocalStore(objectsDir), fs.createReadStream(PREVIOUS_BACKUP));
    const before = await db.database.pool.query<{ n: string }>("SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations");
    expect(before.rows[0]!.n).toBe(String(PREVIOUS_MIGRATIONS));
    await expectThePreviousSite(await startThisRelease(db, objectsDir));
  });
});

describe("migrations that carry data over", () => {
  /** The migrations before the one that records what each picture is used as. */
  const journal = JSON.parse(fs.readFileSync(path.join(projectRoot(), "migrations", "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const BEFORE_OBJECT_USES = journal.entries.findIndex((entry) => entry.tag.endsWith("_object_uses"));

  it("when pictures were in use before their uses were recorded, then each keeps the kinds it was used as, and a setting that is not JSON is passed over", async () => {
    const { db } = await emptySite();
    await migrateAsPreviousRelease(db.url, BEFORE_OBJECT_USES);
    const ids = ["banner", "art", "photo", "episode", "poster", "unused"].map(
      (name, i) => [name, `00000000-0000-4000-8000-00000000000${i}`] as const,
    );
    const id = Object.fromEntries(ids) as Record<string, string>;
    const pool = db.database.pool;
    for (const [, objectId] of ids)
      await pool.query("INSERT INTO objects (id, status, content_type, size, expires_at) VALUES ($1, 'complete', 'image/png', 1, now())", [
        objectId,
      ]);
    await pool.query("INSERT INTO settings (key, value) VALUES ('site_images', $1), ('about', $2)", [
      JSON.stringify({ bannerDesktop: `/objects/${id.banner}`, bannerMobile: null, artwork: `/objects/${id.art}` }),
      JSON.stringify({
        title: "",
        intro: "",
        hosts: [
          { name: "Ann", photo: `/objects/${id.photo}` },
          { name: "Bo", photo: null },
        ],
      }),
    ]);
    await pool.query("INSERT INTO episodes (title, slug, audio_url, image_path) VALUES ('One', 'one', 'https://a.example/1.mp3', $1)", [
      `/objects/${id.episode}`,
    ]);
    await pool.query(
      "INSERT INTO clips (title, slug, youtube_embed_url, poster_path) VALUES ('Clip', 'clip', 'https://www.youtube.com/embed/dQw4w9WgXcQ', $1)",
      [`/objects/${id.poster}`],
    );

    await runMigrations(db.url);

    const rows = (await pool.query<{ id: string; used_for: string[] }>("SELECT id, used_for FROM objects")).rows;
    const usedFor = Object.fromEntries(rows.map((row) => [ids.find(([, objectId]) => objectId === row.id)![0], row.used_for]));
    expect(usedFor).toEqual({
      banner: ["banner-desktop"],
      art: ["artwork", "icon"],
      photo: ["photo"],
      episode: ["artwork"],
      poster: ["poster"],
      unused: [],
    });

    const broken = await emptySite();
    await migrateAsPreviousRelease(broken.db.url, BEFORE_OBJECT_USES);
    await broken.db.database.pool.query("INSERT INTO settings (key, value) VALUES ('site_images', 'not json'), ('about', '[1]')");
    await runMigrations(broken.db.url);
  });
});
