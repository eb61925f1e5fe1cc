import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** Whether the database answers a trivial query (GET /api/health). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
