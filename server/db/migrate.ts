import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectRoot } from "../lib/paths";

const migrationsFolder = () => path.join(projectRoot(), "migrations");

/** When the newest committed migration was made: drizzle records it as that migration's mark. */
export function newestMigrationMark(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Any fixed number: several instances starting together take turns migrating. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the committed migrations on a connection of its own, without the pool's time limits:
 * waiting for another instance's migrations, or a long one, is normal here.
 */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: "podcast-site migrations" });
  await client.connect();
  try {
    await client.query("SET statement_timeout = 0");
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    await client.end();
  }
}
