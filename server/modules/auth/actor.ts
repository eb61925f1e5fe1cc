import { AsyncLocalStorage } from "node:async_hooks";
import type { RequestHandler } from "express";

/**
 * Who is making the request being answered: the signed-in person's id, kept for the request's
 * whole asynchronous life, so a content write records who made it (`updated_by`, docs/product.md
 * "People with access") without every service passing it along.
 */
const acting = new AsyncLocalStorage<number | null>();

/** Mounted after the session: what the request does from here on is that person's. */
export const rememberActor: RequestHandler = (req, _res, next) => {
  acting.run(req.user?.id ?? null, () => next());
};

/**
 * `{ updatedBy }` of the signed-in person making this request, or `{}` outside a request (a
 * background task, which leaves the column as it is). The feed's own writes set it to null.
 */
export function updatedByActor(): { updatedBy?: number | null } {
  const id = acting.getStore();
  return id === undefined ? {} : { updatedBy: id };
}
