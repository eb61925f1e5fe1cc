import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { ensureAdminAccount } from "../modules/auth/service";
import { verifyPassword } from "../modules/auth/passwords";
import { connectDatabase } from "../platform/db/client";
import { startEmbeddedPostgres, type EmbeddedServer } from "../platform/db/embedded";
import { runMigrations } from "../platform/db/migrate";
import { createLogger } from "../platform/runtime/logger";

declare module "vitest" {
  export interface ProvidedContext {
    /** A URL to the server's maintenance database; test files swap in their own database name. */
    serverUrl: string;
    templateDb: string;
    /** The migrated template with the admin account in it. */
    adminTemplateDb: string;
  }
}

export const ADMIN_EMAIL = "host@example.com";
export const ADMIN_PASSWORD = "correct horse battery staple";

const TEMPLATE = `app_template_${process.pid}`;
const ADMIN_TEMPLATE = `${TEMPLATE}_admin`;

/**
 * One PostgreSQL per test run, one migrated template (and a copy of it holding the admin
 * account, whose password is hashed once here rather than in every test), and a copy of either
 * for each test (CREATE DATABASE ... TEMPLATE takes a fraction of a second, a migration run several).
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
  await admin.query(`DROP DATABASE IF EXISTS ${ADMIN_TEMPLATE}`);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);

  await runMigrations(withDatabase(serverUrl, TEMPLATE));
  await admin.query(`CREATE DATABASE ${ADMIN_TEMPLATE} TEMPLATE ${TEMPLATE}`);
  await admin.end();
  const withAdmin = connectDatabase(withDatabase(serverUrl, ADMIN_TEMPLATE), { max: 1 });
  await ensureAdminAccount(withAdmin.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  // Most tests log in once. The check reads scrypt's cost from the stored hash, so a hash of small
  // cost makes that a millisecond instead of a tenth of a second; the login path is the same.
  const cheap = cheapScryptHash(ADMIN_PASSWORD);
  if (!(await verifyPassword(ADMIN_PASSWORD, cheap)))
    throw new Error("the test admin's hash no longer has the format of modules/auth/passwords.ts");
  await withAdmin.pool.query("UPDATE users SET password_hash = $1", [cheap]);
  await withAdmin.close();

  project.provide("serverUrl", serverUrl);
  project.provide("templateDb", TEMPLATE);
  project.provide("adminTemplateDb", ADMIN_TEMPLATE);

  return async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${ADMIN_TEMPLATE}`).catch(() => {});
    await cleanup.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`).catch(() => {});
    await cleanup.end();
    await embedded?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The scrypt cost of the test admin's hash and of every hash a test app makes (AppDeps.passwordCost):
 * N=2^10 instead of production's 2^17, a millisecond and 1 MB instead of a few hundred and 128 MB.
 */
export const TEST_PASSWORD_COST = { N: 2 ** 10, r: 8, p: 1 };

/** modules/auth/passwords.ts's format, `scrypt$N$r$p$salt$key`, at the tests' cost. */
function cheapScryptHash(password: string): string {
  const { N, r, p } = TEST_PASSWORD_COST;
  const salt = crypto.randomBytes(16);
  const key = crypto.scryptSync(password.normalize("NFKC"), salt, 32, { N, r, p });
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
