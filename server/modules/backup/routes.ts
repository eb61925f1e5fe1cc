import type { Writable } from "node:stream";
import { Router } from "express";
import { requireAdmin } from "../auth";

/** GET /api/backup: the admin's 'Download backup', streamed as it is written. */
export function backupRouter(writeBackup: (out: Writable) => Promise<unknown>): Router {
  const r = Router();
  r.get("/", requireAdmin, async (_req, res) => {
    const name = `podcast-backup-${new Date().toISOString().replaceAll(":", "-").replaceAll(".", "-")}.jsonl.gz`;
    res.set({
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "no-store",
    });
    await writeBackup(res);
  });
  return r;
}
