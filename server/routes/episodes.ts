import { Router } from "express";
import { adminEpisodeQuerySchema, archiveQuerySchema, episodeBulkSchema, episodeSchema, episodeUpdateSchema } from "../../shared/api";
import { isAdmin, requireAdmin } from "../auth/guards";
import { ADMIN_DATA, cacheFor } from "../lib/cache-policy";
import { sendCached, type AnswerMemory } from "../lib/send-cached";
import { parse } from "../lib/validate";
import type { ContentService } from "../services/content";
import type { EpisodesService } from "../services/episodes";
import type { PublicCache } from "../services/public-cache";
import type { SiteData } from "../services/site-data";
import { throttleAddress } from "../auth/client-address";
import { orderedListWrites, sendList } from "./lists";

/** The spec's episode routes, plus one episode by slug (docs/product.md "The show's feed and episode pages"). */
export function episodesRouter(episodes: EpisodesService, content: ContentService, siteData: SiteData, cache: PublicCache, memory?: AnswerMemory): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    await sendList(req, res, { cache, memory }, "episodes", (includeDrafts) => episodes.list({ includeDrafts }));
  });
  // Visitors' pages of the archive, the same for everyone (published only): from the public cache,
  // a new search through the search gate.
  r.get("/archive", async (req, res) => {
    const query = parse(archiveQuerySchema, req.query);
    cacheFor(res, false);
    sendCached(req, res, await cache.json(`archive:${query.size}:${query.page}:${query.q}`, () => siteData.archive(query, throttleAddress(req.ip))), "application/json");
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
  r.get("/slug/:slug", async (req, res) => {
    const admin = isAdmin(req);
    cacheFor(res, admin).json(await episodes.getBySlug(String(req.params.slug), { includeDrafts: admin }));
  });
  orderedListWrites(r, {
    schema: episodeSchema,
    updateSchema: episodeUpdateSchema,
    create: (input) => episodes.create(input),
    update: (id, input) => episodes.update(id, input),
    remove: (id) => episodes.remove(id),
    swap: (id, withId) => content.swap("episodes", id, withId),
    listAll: () => episodes.list({ includeDrafts: true }),
  });
  return r;
}
