import { Router } from "express";
import { archiveQuerySchema, episodeSchema, episodeUpdateSchema, swapSchema } from "../../shared/api";
import { isAdmin } from "../auth/guards";
import { sendCached } from "../lib/send-cached";
import { parse } from "../lib/validate";
import type { ContentService } from "../services/content";
import type { EpisodesService } from "../services/episodes";
import type { PublicCache } from "../services/public-cache";
import { idOf, listCacheHeader, sendList } from "./lists";

/** The spec's episode routes, plus one episode by slug (docs/product.md "The show's feed and episode pages"). */
export function episodesRouter(episodes: EpisodesService, content: ContentService, cache: PublicCache): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    await sendList(req, res, cache, "episodes", (includeDrafts) => episodes.list({ includeDrafts }));
  });
  // Visitors' pages of the archive, the same for everyone (published only): from the public cache.
  r.get("/archive", async (req, res) => {
    const query = parse(archiveQuerySchema, req.query);
    res.set("Cache-Control", listCacheHeader(false));
    sendCached(req, res, await cache.json(`archive:${query.size}:${query.page}:${query.q}`, () => episodes.archive(query)), "application/json");
  });
  r.get("/latest", async (req, res) => {
    res.set("Cache-Control", listCacheHeader(false));
    sendCached(req, res, await cache.json("episodes:latest", () => episodes.latest()), "application/json");
  });
  r.get("/slug/:slug", async (req, res) => {
    const admin = isAdmin(req);
    res.set("Cache-Control", listCacheHeader(admin)).json(await episodes.getBySlug(String(req.params.slug), { includeDrafts: admin }));
  });
  r.post("/", async (req, res) => {
    res.status(201).json(await episodes.create(parse(episodeSchema, req.body)));
  });
  r.post("/:id/swap", async (req, res) => {
    await content.swap("episodes", idOf(req.params.id), parse(swapSchema, req.body).withId);
    res.json(await episodes.list({ includeDrafts: true }));
  });
  r.put("/:id", async (req, res) => {
    res.json(await episodes.update(idOf(req.params.id), parse(episodeUpdateSchema, req.body)));
  });
  r.delete("/:id", async (req, res) => {
    await episodes.remove(idOf(req.params.id));
    res.status(204).end();
  });
  return r;
}
