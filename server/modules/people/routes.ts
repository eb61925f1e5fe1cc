import { Router } from "express";
import { cacheFor } from "../../platform/http/cache-policy";
import { notFound } from "../../platform/http/errors";
import type { PageData } from "../pages";

/** A person's page as data (docs/product.md "Listening"): the same for everyone, from the public cache; 404 when unknown. */
export function peopleRouter(pageData: PageData): Router {
  const r = Router();
  r.get("/slug/:slug", async (req, res) => {
    const page = await pageData.findPerson(String(req.params.slug));
    if (!page) throw notFound("error.personNotFound");
    cacheFor(res, false).json(page);
  });
  return r;
}
