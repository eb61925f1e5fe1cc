import { desc } from "drizzle-orm";
import { editorAccessLog } from "../../shared/schema";
import type { Db } from "../db/client";

export async function insertAccessLog(db: Db, entry: { success: boolean; code: string | null; userAgent: string }) {
  await db.insert(editorAccessLog).values(entry);
}

export function listAccessLog(db: Db, limit = 500) {
  return db
    .select({
      id: editorAccessLog.id,
      success: editorAccessLog.success,
      code: editorAccessLog.code,
      userAgent: editorAccessLog.userAgent,
      createdAt: editorAccessLog.createdAt,
    })
    .from(editorAccessLog)
    .orderBy(desc(editorAccessLog.createdAt), desc(editorAccessLog.id))
    .limit(limit);
}
