import { Router } from "express";
import { adminEpisodeQuerySchema, archiveQuerySchema, episodeBulkSchema, episodeSchema, episodeUpdateSchema } from "../../../shared/api";
import { isAdmin, requireAdmin } from "../auth";
import { ADMIN_DATA, cacheFor } from "../../platform/http/cache-policy";
import { sendCached, type FastPathRecorder } from "../../platform/http/send-cached";
import { parse } from "../../platform/http/validate";
import type { EpisodesService } from "./service";
import type { PublicCache } from "../../platform/http/public-cache";
import type { PageData } from "../pages";
import { throttleAddress } from "../../platform/http/client-address";
import { orderedListRouter } from "../../platform/ordered-lists/routes";

/** The spec's episode routes, plus one episode by slug (docs/product.md "The show's feed and episode pages"). */
export function episodesRouter(episodes: EpisodesService, pageData: PageData, cache: PublicCache, memory?: FastPathRecorder): Router {
  const r = Router();
  // Visitors' pages of the archive, the same for everyone (published only): from the public cache,
  // a new search through the search gate.
  r.get("/archive", async (req, res) => {
    const query = parse(archiveQuerySchema, req.query);
    cacheFor(res, false);
    sendCached(
      req,
      res,
      await cache.json(`archive:${query.size}:${query.page}:${query.season ?? ""}:${query.q}`, () =>
        pageData.archive(query, throttleAddress(req.ip)),
      ),
      "application/json",
    );
  });
  r.get("/admin", requireAdmin, async (req, res) => {
    res.set("Cache-Control", ADMIN_DATA).json(await episodes.adminPage(parse(adminEpisodeQuerySchema, req.query)));
  });
  r.post("/bulk", async (req, res) => {
    res.json(await episodes.bulk(parse(episodeBulkSchema, req.body)));
  });
  r.get("/latest", async (req, res) => {
    cacheFor(res, false);
    sendCached(req, res, await cache.json("episodes:latest", () => episodes.latest()), "application/json", memory);
  });
  // The ordered list's own routes after these (its /:id would take /admin and /bulk otherwise).
  r.use(
    orderedListRouter(episodes, { name: "episodes", schema: episodeSchema, updateSchema: episodeUpdateSchema, cache, memory, isAdmin }),
  );
  return r;
}
