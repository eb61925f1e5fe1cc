import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Express } from "express";
import pg from "pg";
import supertest from "supertest";
import { inject } from "vitest";
import { createApp, type AppDeps } from "../app";
import { ensureAdminAccount } from "../auth/admin-account";
import { connectDatabase, type Database } from "../db/client";
import { createLogger } from "../lib/logger";
import { createLocalStore } from "../objects/local-store";
import { withDatabase } from "./global-setup";

export const ADMIN_EMAIL = "host@example.com";
export const ADMIN_PASSWORD = "correct horse battery staple";
const SESSION_SECRET = "test-secret-".padEnd(64, "x");

export interface TestDb {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database for one test file, copied from the migrated template. */
export async function createTestDb(): Promise<TestDb> {
  const serverUrl = inject("serverUrl");
  const name = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject("templateDb")}`);
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
  app: Express;
  db: TestDb;
  objectsDir: string;
  request: ReturnType<typeof supertest>;
  /** A supertest agent (keeps cookies) logged in as the admin. */
  admin(): Promise<ReturnType<typeof supertest.agent>>;
  /** Another app on the same database, as after a restart or on a second instance. */
  restart(): Express;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const db = await createTestDb();
  await ensureAdminAccount(db.database.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  const objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-objects-"));
  const build = () =>
    createApp({
      config: { publicUrl: "http://localhost:5000", env: "test", trustProxy: undefined },
      database: db.database,
      store: createLocalStore(objectsDir),
      logger: createLogger("silent"),
      sessionSecret: SESSION_SECRET,
      clientDir: path.join(objectsDir, "no-client"),
      limits: { loginFailures: 1000, auditionFailures: 1000, auditionTotal: 100_000 },
      ...overrides,
    });
  const app = build();
  return {
    app,
    db,
    objectsDir,
    request: supertest(app),
    async admin() {
      const agent = supertest.agent(app);
      await agent.post("/api/auth/login").send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
      return agent;
    },
    restart: build,
    async close() {
      await db.drop();
      fs.rmSync(objectsDir, { recursive: true, force: true });
    },
  };
}

export const SPOTIFY = (n = 1) => `https://open.spotify.com/embed/episode/${String(n).padStart(22, "a")}`;
export const YOUTUBE = (id = "dQw4w9WgXcQ") => `https://www.youtube.com/embed/${id}`;
