import { Router, type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import { idParamSchema, swapSchema } from "../../../shared/api";
import { AppError } from "../http/errors";
import { cacheFor } from "../http/cache-policy";
import { sendCached, type FastPathRecorder } from "../http/send-cached";
import { parse } from "../http/validate";
import type { OrderedList } from "./service";
import type { PublicCache } from "../http/public-cache";

/** An id from the path; anything that is not one names nothing (404). */
const idOf = (raw: unknown) => {
  const result = idParamSchema.safeParse(raw);
  if (!result.success) throw new AppError("NOT_FOUND", "error.notFound");
  return result.data;
};

/** What one ordered list's routes are told: its name, its payloads' schemas, the cache and who is the admin. */
export interface ListRouterOptions<Input, Update> {
  name: string;
  schema: z.ZodType<Input>;
  updateSchema: z.ZodType<Update>;
  cache: PublicCache;
  memory?: FastPathRecorder;
  /** Whether the request is the admin's (who sees drafts, from the database). */
  isAdmin: (req: Request) => boolean;
}

/**
 * A visitor's list, from the process cache as ready JSON with its ETag (a revalidation is a 304),
 * kept for the fast path; the admin's list, with drafts, straight from the database.
 */
async function sendList(
  req: Request,
  res: Response,
  { cache, memory, isAdmin }: Pick<ListRouterOptions<unknown, unknown>, "cache" | "memory" | "isAdmin">,
  key: string,
  load: (includeDrafts: boolean) => Promise<unknown>,
): Promise<void> {
  if (isAdmin(req)) {
    cacheFor(res, true).json(await load(true));
    return;
  }
  cacheFor(res, false);
  sendCached(req, res, await cache.json(key, () => load(false)), "application/json", memory);
}

/**
 * The visitors' lists, answered before the API's middleware (sessions, body parsing, write
 * guards) when the request carries no session cookie: none of it applies to an anonymous read,
 * and these are the site's busiest requests.
 */
export function anonymousListsFastPath(
  loaders: Record<string, () => Promise<unknown>>,
  cache: PublicCache,
  sessionCookieName: string,
  memory: FastPathRecorder,
): RequestHandler {
  return async (req, res, next) => {
    const load = loaders[req.path];
    if (!load || (req.headers.cookie ?? "").includes(`${sessionCookieName}=`)) return next();
    cacheFor(res, false);
    sendCached(req, res, await cache.json(req.path.slice(5), load), "application/json", memory);
  };
}

/**
 * One ordered list's routes (docs/product.md §4): GET / (a visitor's from the cache, the admin's
 * with drafts), GET /slug/:slug when the items have pages, and the admin's writes: add (201),
 * edit, delete (204) and swap, which answers with the whole list in its new order. The write
 * guards sit in front of the API router, so the writes are the admin's alone.
 */
export function orderedListRouter<Item, Input, Update>(
  service: OrderedList<Item, Input, Update> & { getBySlug?: (slug: string, options: { includeDrafts: boolean }) => Promise<unknown> },
  options: ListRouterOptions<Input, Update>,
): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    await sendList(req, res, options, options.name, (includeDrafts) => service.list({ includeDrafts }));
  });
  const { getBySlug } = service;
  if (getBySlug) {
    r.get("/slug/:slug", async (req, res) => {
      const admin = options.isAdmin(req);
      cacheFor(res, admin).json(await getBySlug(String(req.params.slug), { includeDrafts: admin }));
    });
  }
  r.post("/", async (req, res) => {
    res.status(201).json(await service.create(parse(options.schema, req.body)));
  });
  r.post("/:id/swap", async (req, res) => {
    await service.swap(idOf(req.params.id), parse(swapSchema, req.body).withId);
    res.json(await service.list({ includeDrafts: true }));
  });
  r.put("/:id", async (req, res) => {
    res.json(await service.update(idOf(req.params.id), parse(options.updateSchema, req.body)));
  });
  r.delete("/:id", async (req, res) => {
    await service.remove(idOf(req.params.id));
    res.status(204).end();
  });
  return r;
}
