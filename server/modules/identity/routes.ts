import { Router } from "express";
import { aboutSchema, siteImagesSchema } from "../../../shared/identity-schemas";
import { isAdmin } from "../auth";
import { cacheFor } from "../../platform/http/cache-policy";
import { sendCached, type FastPathRecorder } from "../../platform/http/send-cached";
import { parse } from "../../platform/http/validate";
import type { IdentityService } from "./service";
import type { PublicCache } from "../../platform/http/public-cache";

/** The show's identity: the About page and the site's pictures, read by everyone, written by the admin. */
export function identityRouter(identity: IdentityService, cache: PublicCache, memory?: FastPathRecorder): Router {
  const r = Router();
  r.get("/", async (req, res) => {
    // The owner's About form reads it too: a copy their browser kept (stale-while-revalidate) would be saved back over newer words.
    cacheFor(res, isAdmin(req));
    sendCached(req, res, await cache.json("identity", () => identity.get()), "application/json", memory);
  });
  r.put("/about", async (req, res) => {
    res.json(await identity.saveAbout(parse(aboutSchema, req.body)));
  });
  r.put("/images", async (req, res) => {
    res.json(await identity.saveImages(parse(siteImagesSchema, req.body)));
  });
  return r;
}
