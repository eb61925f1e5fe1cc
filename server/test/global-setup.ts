import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedServer } from "../db/embedded";
import { runMigrations } from "../db/migrate";
import { createLogger } from "../lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    /** A URL to the server's maintenance database; test files swap in their own database name. */
    serverUrl: string;
    templateDb: string;
  }
}

const TEMPLATE = `app_template_${process.pid}`;

/**
 * One PostgreSQL per test run, one migrated template, and a copy of it for each test file
 * (CREATE DATABASE ... TEMPLATE takes a fraction of a second, a migration run several).
 * TEST_DATABASE_URL names an existing server instead of the embedded one.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Under /tmp, opened to the postgres user (mkdtemp makes 0700 folders).
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-test-"));
    fs.chmodSync(dir, 0o755);
    embedded = await startEmbeddedPostgres(dir, createLogger("warn"), { lock: false, fast: true });
    serverUrl = embedded.urlFor("postgres");
  }

  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  await admin.end();

  const templateUrl = withDatabase(serverUrl, TEMPLATE);
  await runMigrations(templateUrl);

  project.provide("serverUrl", serverUrl);
  project.provide("templateDb", TEMPLATE);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`).catch(() => {});
    await cleanup.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
