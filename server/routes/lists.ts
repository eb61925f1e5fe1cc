import type { Request, RequestHandler, Response, Router } from "express";
import type { z } from "zod";
import { idParamSchema, swapSchema } from "../../shared/api";
import { isAdmin } from "../auth/guards";
import { AppError } from "../lib/errors";
import { cacheFor } from "../lib/cache-policy";
import { sendCached, type AnswerMemory } from "../lib/send-cached";
import { parse } from "../lib/validate";
import type { PublicCache } from "../services/public-cache";

/** An id from the path; anything that is not one names nothing (404). */
const idOf = (raw: unknown) => {
  const result = idParamSchema.safeParse(raw);
  if (!result.success) throw new AppError("NOT_FOUND", "Not found");
  return result.data;
};

/**
 * A visitor's list, from the process cache as ready JSON with its ETag (a revalidation is a 304),
 * kept for the fast path; the admin's list, with drafts, straight from the database.
 */
export async function sendList(
  req: Request,
  res: Response,
  { cache, memory }: { cache: PublicCache; memory?: AnswerMemory },
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
  memory: AnswerMemory,
): RequestHandler {
  return async (req, res, next) => {
    const load = loaders[req.path];
    if (!load || (req.headers.cookie ?? "").includes(`${sessionCookieName}=`)) return next();
    cacheFor(res, false);
    sendCached(req, res, await cache.json(req.path.slice(5), load), "application/json", memory);
  };
}


/**
 * The admin's writes to one ordered list (docs/product.md §4): add (201), edit, delete (204), and
 * swap, which answers with the whole list in its new order. The write guards sit in front of the
 * API router, so these are the admin's alone.
 */
export function orderedListWrites<Input, Update>(
  r: Router,
  list: {
    schema: z.ZodType<Input>;
    updateSchema: z.ZodType<Update>;
    create: (input: Input) => Promise<unknown>;
    update: (id: number, input: Update) => Promise<unknown>;
    remove: (id: number) => Promise<void>;
    swap: (id: number, withId: number) => Promise<void>;
    listAll: () => Promise<unknown>;
  },
): void {
  r.post("/", async (req, res) => {
    res.status(201).json(await list.create(parse(list.schema, req.body)));
  });
  r.post("/:id/swap", async (req, res) => {
    await list.swap(idOf(req.params.id), parse(swapSchema, req.body).withId);
    res.json(await list.listAll());
  });
  r.put("/:id", async (req, res) => {
    res.json(await list.update(idOf(req.params.id), parse(list.updateSchema, req.body)));
  });
  r.delete("/:id", async (req, res) => {
    await list.remove(idOf(req.params.id));
    res.status(204).end();
  });
}
