import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { parse } from "../../platform/http/validate";
import { idParamSchema } from "../../../shared/api";
import type { EpisodesService } from "../episodes";
import type { FeedSyncService } from "./service";

/** Admin only, like every write (modules/auth/guards.ts) and the status read below. */
export function feedRouter(feed: FeedSyncService, episodes: EpisodesService, requireAdmin: RequestHandler): Router {
  const r = Router();
  r.post("/sync", async (req, res) => {
    parse(z.strictObject({}), req.body ?? {});
    res.set("Cache-Control", "no-store").json(await feed.sync());
  });
  r.post("/move", async (req, res) => {
    parse(z.strictObject({}), req.body ?? {});
    res.set("Cache-Control", "no-store").json(await feed.acceptMove());
  });
  r.post("/previous-episodes/delete", async (req, res) => {
    parse(z.strictObject({}), req.body ?? {});
    res.set("Cache-Control", "no-store").json(await feed.deletePreviousFeedEpisodes());
  });
  r.get("/deleted", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "no-store").json(await episodes.listDeleted());
  });
  r.post("/deleted/:id/restore", async (req, res) => {
    parse(z.strictObject({}), req.body ?? {});
    res.set("Cache-Control", "no-store").json(await feed.restoreDeleted(parse(idParamSchema, req.params.id)));
  });
  r.get("/status", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "no-store").json(await feed.status());
  });
  return r;
}
