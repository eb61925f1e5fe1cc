import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectRoot } from "../runtime/paths";

const migrationsFolder = () => path.join(projectRoot(), "migrations");

/** The committed migrations, oldest first, as drizzle's journal lists them. */
function journalEntries(): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries;
}

/** When the newest committed migration was made: drizzle records it as that migration's mark. */
export function newestMigrationMark(): number {
  return Math.max(...journalEntries().map((entry) => entry.when));
}

/** The statements of the committed migration named `name` (its tag without the number), as drizzle runs them. */
export function migrationStatements(name: string): string[] {
  const entry = journalEntries().find(({ tag }) => tag.replace(/^\d+_/, "") === name);
  if (!entry) throw new Error(`no migration named ${name}`);
  // eslint-disable-next-line security/detect-non-literal-fs-filename -- a committed migration of the project
  return fs.readFileSync(path.join(migrationsFolder(), `${entry.tag}.sql`), "utf8").split("--> statement-breakpoint");
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
