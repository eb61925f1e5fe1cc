import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { parse } from "../../platform/http/validate";
import { idParamSchema } from "../../../shared/api";
import type { EpisodesService } from "../episodes";
import type { FeedSyncService } from "./service";
import { sayOutcome, sayState } from "./notes";
import { sayWords } from "../../platform/http/errors";
import { sayFor } from "../languages";
import { adoptShowSchema } from "../../../shared/feed-show";

/** Admin only, like every write (modules/auth/guards.ts) and the status read below. */
export function feedRouter(feed: FeedSyncService, episodes: EpisodesService, requireAdmin: RequestHandler): Router {
  const r = Router();
  r.post("/sync", async (req, res) => {
    parse(z.strictObject({}), req.body ?? {});
    res.set("Cache-Control", "no-store").json(sayOutcome(await feed.sync(), sayFor(req)));
  });
  r.post("/move", async (req, res) => {
    parse(z.strictObject({}), req.body ?? {});
    res.set("Cache-Control", "no-store").json(sayState(await feed.acceptMove(), sayFor(req)));
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
    const { sync, message } = await feed.restoreDeleted(parse(idParamSchema, req.params.id));
    const say = sayFor(req);
    res
      .set("Cache-Control", "no-store")
      .json({ sync: sync && sayOutcome(sync, say), ...(message ? { message: sayWords(message, say) } : {}) });
  });
  r.get("/show", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "no-store").json({ offer: await feed.showOffer() });
  });
  r.post("/adopt-show", async (req, res) => {
    const { take } = parse(adoptShowSchema, req.body);
    res.set("Cache-Control", "no-store").json(await feed.adoptShow(take));
  });
  r.get("/status", requireAdmin, async (req, res) => {
    res.set("Cache-Control", "no-store").json(sayState(await feed.status(), sayFor(req)));
  });
  return r;
}
