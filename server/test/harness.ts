import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import supertest from "supertest";
import { inject, test } from "vitest";
import type { Clip, Episode } from "../../shared/api";
import { createApp, type AppDeps, type SiteApp } from "../app";
import { connectDatabase, type Database } from "../platform/db/client";
import { createLogger } from "../platform/runtime/logger";
import { createLocalLargeFiles } from "../platform/objects/local-large-files";
import { createLocalStore } from "../platform/objects/local-store";
import { restoreBackup } from "../modules/backup";
import { createShareImages, type ShareImages } from "../modules/share-images/service";
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_PASSWORD_COST, withDatabase } from "./global-setup";

export { ADMIN_EMAIL, ADMIN_PASSWORD };
const SESSION_SECRET = "test-secret-".padEnd(64, "x");

export interface TestDb {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database, copied from the migrated template: empty, or holding the admin account;
 * `unmigrated`: without even the tables (for tests of migrations and upgrades).
 */
export async function createTestDb(options: { withAdmin?: boolean; unmigrated?: boolean } = {}): Promise<TestDb> {
  const serverUrl = inject("serverUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = options.unmigrated ? "template0" : inject(options.withAdmin ? "adminTemplateDb" : "templateDb");
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = withDatabase(serverUrl, name);
  const database = connectDatabase(url, { max: 5 });
  return {
    database,
    url,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: SiteApp;
  db: TestDb;
  objectsDir: string;
  request: ReturnType<typeof supertest>;
  /** A supertest agent (keeps cookies) logged in as the admin. */
  admin(): Promise<ReturnType<typeof supertest.agent>>;
  /** A supertest agent (keeps cookies), not logged in: one browser. */
  agent(): ReturnType<typeof supertest.agent>;
  /** Another app on the same database, as after a restart or on a second instance. */
  restart(): SiteApp;
  /** Ends the app's worker threads and pool and removes its files; drops its database unless kept. */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const db = await createTestDb({ withAdmin: true });
  const objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-objects-"));
  // Each app draws share images in a worker thread of its own; close() ends them.
  const shareImages: ShareImages[] = [];
  const apps: SiteApp[] = [];
  const build = () => {
    const store = createLocalStore(objectsDir);
    const own = overrides.shareImages ? undefined : createShareImages({ store });
    if (own) shareImages.push(own);
    const app = createApp({
      config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined },
      database: db.database,
      store,
      largeFiles: createLocalLargeFiles(path.join(objectsDir, "auditions")),
      messageFiles: createLocalLargeFiles(path.join(objectsDir, "messages")),
      logger: createLogger("silent"),
      sessionSecret: SESSION_SECRET,
      clientDir: path.join(objectsDir, "no-client"),
      limits: { loginFailures: 1000, auditionFailures: 1000, auditionTotal: 100_000 },
      shareImages: own,
      passwordCost: TEST_PASSWORD_COST,
      ...overrides,
    });
    apps.push(app);
    return app;
  };
  const app = build();
  return {
    app,
    db,
    objectsDir,
    // As the server answers: the fast path first, then Express.
    request: supertest(app.listener),
    agent: () => supertest.agent(app.listener),
    async admin() {
      const agent = supertest.agent(app.listener);
      await agent.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
      return agent;
    },
    restart: build,
    async close(options = {}) {
      await Promise.all(apps.map((app) => app.close()));
      await Promise.all(shareImages.map((s) => s.close()));
      await (options.keepDatabase ? db.database.close() : db.drop());
      fs.rmSync(objectsDir, { recursive: true, force: true });
    },
  };
}

/** Runs `run` on an app of its own, made with `overrides`; closes the app after, whatever happens. */
export async function withTestApp(overrides: Partial<AppDeps>, run: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp(overrides);
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

interface AppFixtures {
  /** This test's own app, on its own copy of the migrated template. */
  t: TestApp;
  /** A supertest agent logged in as the admin of this test's app. */
  admin: ReturnType<typeof supertest.agent>;
  /** The file's used databases, dropped together when its last test is done. */
  usedDatabases: TestDb[];
}

/**
 * `it` for API tests: each test that names `t` (or `admin`) gets a fresh app and database, so it
 * passes alone and in any order (docs/style.md rule 6); tests that name neither pay nothing.
 * Copying the template takes some 25 ms, but one made right after a DROP DATABASE several times
 * that, so the file's databases are dropped together at its end.
 */
export function appTest(overrides: Partial<AppDeps> = {}) {
  return test.extend<AppFixtures>({
    usedDatabases: [
      // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern
      async ({}, use) => {
        const used: TestDb[] = [];
        try {
          await use(used);
        } finally {
          for (const db of used) await db.drop();
        }
      },
      { scope: "file" },
    ],
    t: async ({ usedDatabases }, use) => {
      const app = await createTestApp(overrides);
      try {
        await use(app);
      } finally {
        await app.close({ keepDatabase: true });
        usedDatabases.push(app.db);
      }
    },
    admin: async ({ t }, use) => {
      await use(await t.admin());
    },
  });
}

export const SPOTIFY = (n = 1) => `https://open.spotify.com/embed/episode/${String(n).padStart(22, "a")}`;
export const YOUTUBE = (id = "dQw4w9WgXcQ") => `https://www.youtube.com/embed/${id}`;

/** The owner adds an episode (201); answers it as the API does. */
export async function postEpisode(admin: supertest.Agent, fields: Record<string, unknown>): Promise<Episode> {
  return (await admin.post("/api/episodes").send(fields).expect(201)).body as Episode;
}

/** The owner adds a clip (201); answers it as the API does. */
export async function postClip(admin: supertest.Agent, fields: Record<string, unknown>): Promise<Clip> {
  return (await admin.post("/api/clips").send(fields).expect(201)).body as Clip;
}

/**
 * Restores `archive` as a new site would: into a new test app whose database has no users yet,
 * its pictures in a directory of their own, its hand-ins' and messages' files where that app
 * keeps them. `check` looks at the restored site; the app and the directory are removed after.
 */
export async function withRestoredSite(
  archive: Buffer,
  check: (target: TestApp, result: Awaited<ReturnType<typeof restoreBackup>>) => Promise<void>,
): Promise<void> {
  const target = await createTestApp();
  const objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-restore-"));
  try {
    await target.db.database.pool.query("DELETE FROM users");
    const result = await restoreBackup(
      target.db.database.pool,
      createLocalStore(objectsDir),
      Readable.from(archive),
      createLocalLargeFiles(path.join(target.objectsDir, "auditions")),
      createLocalLargeFiles(path.join(target.objectsDir, "messages")),
    );
    await check(target, result);
  } finally {
    await target.close();
    fs.rmSync(objectsDir, { recursive: true, force: true });
  }
}
