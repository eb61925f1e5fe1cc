import { Router } from "express";
import { clipSchema, clipUpdateSchema, providerSchema, providerUpdateSchema, swapSchema } from "../../shared/api";
import { isAdmin } from "../auth/guards";
import { parse } from "../lib/validate";
import type { ContentService } from "../services/content";
import type { PublicCache } from "../services/public-cache";
import { idOf, listCacheHeader, sendList } from "./lists";

export function providersRouter(content: ContentService, cache: PublicCache): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    await sendList(req, res, cache, "providers", () => content.listProviders());
  });
  r.post("/", async (req, res) => {
    res.status(201).json(await content.createProvider(parse(providerSchema, req.body)));
  });
  r.post("/:id/swap", async (req, res) => {
    await content.swap("providers", idOf(req.params.id), parse(swapSchema, req.body).withId);
    res.json(await content.listProviders());
  });
  r.put("/:id", async (req, res) => {
    res.json(await content.updateProvider(idOf(req.params.id), parse(providerUpdateSchema, req.body)));
  });
  r.delete("/:id", async (req, res) => {
    await content.deleteProvider(idOf(req.params.id));
    res.status(204).end();
  });
  return r;
}

export function clipsRouter(content: ContentService, cache: PublicCache): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    await sendList(req, res, cache, "clips", (includeDrafts) => content.listClips({ includeDrafts }));
  });
  r.get("/slug/:slug", async (req, res) => {
    const admin = isAdmin(req);
    res
      .set("Cache-Control", listCacheHeader(admin))
      .json(await content.getClipBySlug(String(req.params.slug), { includeDrafts: admin }));
  });
  r.post("/", async (req, res) => {
    res.status(201).json(await content.createClip(parse(clipSchema, req.body)));
  });
  r.post("/:id/swap", async (req, res) => {
    await content.swap("clips", idOf(req.params.id), parse(swapSchema, req.body).withId);
    res.json(await content.listClips({ includeDrafts: true }));
  });
  r.put("/:id", async (req, res) => {
    res.json(await content.updateClip(idOf(req.params.id), parse(clipUpdateSchema, req.body)));
  });
  r.delete("/:id", async (req, res) => {
    await content.deleteClip(idOf(req.params.id));
    res.status(204).end();
  });
  return r;
}
