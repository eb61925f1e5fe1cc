import { Router } from "express";
import { cacheFor } from "../lib/cache-policy";
import { notFound } from "../lib/errors";
import type { SiteData } from "../services/site-data";

/** A person's page as data (docs/product.md "Listening"): the same for everyone, from the public cache; 404 when unknown. */
export function peopleRouter(siteData: SiteData): Router {
  const r = Router();
  r.get("/slug/:slug", async (req, res) => {
    const page = await siteData.findPerson(String(req.params.slug));
    if (!page) throw notFound("Person not found");
    cacheFor(res, false).json(page);
  });
  return r;
}
