import { Router } from "express";
import {
  clipSchema,
  clipUpdateSchema,
  episodeSchema,
  episodeUpdateSchema,
  idParamSchema,
  providerSchema,
  providerUpdateSchema,
  swapSchema,
} from "../../shared/api";
import { isAdmin } from "../auth/guards";
import { AppError } from "../lib/errors";
import { parse } from "../lib/validate";
import type { ContentService } from "../services/content";
import { sendCached } from "../lib/send-cached";
import type { PublicCache } from "../services/public-cache";
import type { Request, RequestHandler, Response } from "express";

const idOf = (raw: unknown) => {
  const result = idParamSchema.safeParse(raw);
  if (!result.success) throw new AppError("NOT_FOUND", "Not found");
  return result.data;
};

/** Visitors get published items only; the admin's answer differs, so it is never shared-cached. */
function listCacheHeader(admin: boolean): string {
  return admin ? "private, no-store" : "no-cache";
}

/**
 * A visitor's list, from the process cache as ready JSON with its ETag (a revalidation is a 304);
 * the admin's list, with drafts, straight from the database.
 */
async function sendList(
  req: Request,
  res: Response,
  cache: PublicCache,
  key: string,
  load: (includeDrafts: boolean) => Promise<unknown>,
): Promise<void> {
  if (isAdmin(req)) {
    res.set("Cache-Control", listCacheHeader(true)).json(await load(true));
    return;
  }
  res.set("Cache-Control", listCacheHeader(false));
  sendCached(req, res, await cache.json(key, () => load(false)), "application/json");
}

/**
 * The visitors' lists, answered before the API's middleware (sessions, body parsing, write
 * guards) when the request carries no session cookie: none of it applies to an anonymous read,
 * and these are the site's busiest requests.
 */
export function anonymousListsFastPath(content: ContentService, cache: PublicCache, sessionCookieName: string): RequestHandler {
  const loaders: Record<string, () => Promise<unknown>> = {
    "/api/episodes": () => content.listEpisodes({ includeDrafts: false }),
    "/api/clips": () => content.listClips({ includeDrafts: false }),
    "/api/providers": () => content.listProviders(),
  };
  return async (req, res, next) => {
    const load = loaders[req.path];
    if (!load || (req.headers.cookie ?? "").includes(`${sessionCookieName}=`)) return next();
    res.set("Cache-Control", listCacheHeader(false));
    sendCached(req, res, await cache.json(req.path.slice(5), load), "application/json");
  };
}

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

export function episodesRouter(content: ContentService, cache: PublicCache): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    await sendList(req, res, cache, "episodes", (includeDrafts) => content.listEpisodes({ includeDrafts }));
  });
  r.post("/", async (req, res) => {
    res.status(201).json(await content.createEpisode(parse(episodeSchema, req.body)));
  });
  r.post("/:id/swap", async (req, res) => {
    await content.swap("episodes", idOf(req.params.id), parse(swapSchema, req.body).withId);
    res.json(await content.listEpisodes({ includeDrafts: true }));
  });
  r.put("/:id", async (req, res) => {
    res.json(await content.updateEpisode(idOf(req.params.id), parse(episodeUpdateSchema, req.body)));
  });
  r.delete("/:id", async (req, res) => {
    await content.deleteEpisode(idOf(req.params.id));
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
