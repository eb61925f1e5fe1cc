import { Router } from "express";
import type pg from "pg";
import { requireAdmin } from "../auth/guards";
import type { ObjectStore } from "../objects/store";
import { writeBackup } from "../services/backup";

/** GET /api/backup: the admin's 'Download backup' (issue 6), streamed as it is written. */
export function backupRouter(pool: pg.Pool, store: ObjectStore): Router {
  const r = Router();
  r.get("/", requireAdmin, async (_req, res) => {
    const name = `podcast-backup-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl.gz`;
    res.set({
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    });
    await writeBackup(pool, store, res);
  });
  return r;
}
