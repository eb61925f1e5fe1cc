import { Router } from "express";
import { AppError } from "./errors";

export interface HealthChecks {
  /** Resolves when the database answers a trivial query. */
  databaseAnswers: () => Promise<void>;
  /** Whether every migration this code knows has been applied to the database. */
  migrationsDone: () => Promise<boolean>;
}

/**
 * Health for people and for process managers, never cached:
 * - GET /api/health: 200 while the database answers, 503 otherwise (the spec's check);
 * - GET /api/health/live: 200 while the process answers at all (restart it when this fails);
 * - GET /api/health/ready: 200 when the database answers and its schema is this code's (send it
 *   traffic only then), 503 with the reason otherwise.
 */
export function healthRouter({ databaseAnswers, migrationsDone }: HealthChecks): Router {
  const router = Router();
  const database = async () => {
    try {
      await databaseAnswers();
    } catch {
      throw new AppError("UNAVAILABLE", "error.databaseDown");
    }
  };
  router.get("/", async (_req, res) => {
    await database();
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/live", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/ready", async (_req, res) => {
    await database();
    const done = await migrationsDone().catch(() => false);
    if (!done) throw new AppError("UNAVAILABLE", "error.migrationsUnfinished");
    res.set("Cache-Control", "no-store").json({ status: "ready" });
  });
  return router;
}
