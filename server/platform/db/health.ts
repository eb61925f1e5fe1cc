import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** Whether the database answers a trivial query (GET /api/health). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

/** The mark of the newest migration applied to this database, or null before any (or no table). */
export async function appliedMigrationMark(db: Db): Promise<number | null> {
  const result = await db.execute<{ mark: string | null }>(sql`SELECT max(created_at)::text AS mark FROM drizzle.__drizzle_migrations`);
  const mark = result.rows[0]?.mark;
  return mark ? Number(mark) : null;
}
