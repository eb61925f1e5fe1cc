import { Router } from "express";
import { AppError } from "../lib/errors";

/** GET /api/health: 200 while the database answers, 503 otherwise; never cached. */
export function healthRouter(databaseAnswers: () => Promise<void>): Router {
  const router = Router();
  router.get("/", async (_req, res) => {
    try {
      await databaseAnswers();
    } catch {
      throw new AppError("UNAVAILABLE", "The database is unavailable");
    }
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  return router;
}
