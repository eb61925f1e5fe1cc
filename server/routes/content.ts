import { Router } from "express";
import { clipSchema, clipUpdateSchema, providerSchema, providerUpdateSchema } from "../../shared/api";
import { isAdmin } from "../auth/guards";
import type { ContentService } from "../services/content";
import { cacheFor } from "../lib/cache-policy";
import type { AnswerMemory } from "../lib/send-cached";
import type { PublicCache } from "../services/public-cache";
import { orderedListWrites, sendList } from "./lists";

export function providersRouter(content: ContentService, cache: PublicCache, memory?: AnswerMemory): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    await sendList(req, res, { cache, memory }, "providers", () => content.listProviders());
  });
  orderedListWrites(r, {
    schema: providerSchema,
    updateSchema: providerUpdateSchema,
    create: (input) => content.createProvider(input),
    update: (id, input) => content.updateProvider(id, input),
    remove: (id) => content.deleteProvider(id),
    swap: (id, withId) => content.swap("providers", id, withId),
    listAll: () => content.listProviders(),
  });
  return r;
}

export function clipsRouter(content: ContentService, cache: PublicCache, memory?: AnswerMemory): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    await sendList(req, res, { cache, memory }, "clips", (includeDrafts) => content.listClips({ includeDrafts }));
  });
  r.get("/slug/:slug", async (req, res) => {
    const admin = isAdmin(req);
    cacheFor(res, admin).json(await content.getClipBySlug(String(req.params.slug), { includeDrafts: admin }));
  });
  orderedListWrites(r, {
    schema: clipSchema,
    updateSchema: clipUpdateSchema,
    create: (input) => content.createClip(input),
    update: (id, input) => content.updateClip(id, input),
    remove: (id) => content.deleteClip(id),
    swap: (id, withId) => content.swap("clips", id, withId),
    listAll: () => content.listClips({ includeDrafts: true }),
  });
  return r;
}
