import { Router, type Request, type Response } from "express";
import { AppError } from "../../platform/http/errors";
import { decodeSegment } from "../../../shared/routes";
import { clipShareInput, episodeShareInput, siteShareInput } from "./inputs";
import type { ShareImageInput } from "./draw";
import type { ShareImages } from "./service";
import type { PageData } from "../pages";

const CLIP_SHARE_ROUTE = /^\/clips\/([^/]+)\/share\.png$/;
const EPISODE_SHARE_ROUTE = /^\/episode\/([^/]+)\/share\.png$/;

/**
 * The share images of Open Graph and Twitter cards: the site's (/share.png), each clip's and each episode's. The
 * ETag is the image's content key, so a revalidation is answered before anything is drawn.
 */
export function shareImagesRouter({ pageData, shareImages }: { pageData: PageData; shareImages: ShareImages }): Router {
  const router = Router();
  const sendPng = async (req: Request, res: Response, input: ShareImageInput) => {
    res.set({ "Content-Type": "image/png", "Cache-Control": "public, max-age=3600", ETag: `"${shareImages.keyOf(input)}"` });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(await shareImages.png(input));
  };

  router.get("/share.png", async (req, res) => sendPng(req, res, siteShareInput(await pageData.site())));
  router.get(CLIP_SHARE_ROUTE, async (req, res) => {
    const slug = decodeSegment(CLIP_SHARE_ROUTE.exec(req.path)![1]!);
    const [clip, site] = await Promise.all([pageData.findClip(slug), pageData.site()]);
    if (!clip) throw new AppError("NOT_FOUND", "error.clipNotFound");
    await sendPng(req, res, clipShareInput(clip, site));
  });
  router.get(EPISODE_SHARE_ROUTE, async (req, res) => {
    const slug = decodeSegment(EPISODE_SHARE_ROUTE.exec(req.path)![1]!);
    const [episode, site] = await Promise.all([pageData.findEpisode(slug), pageData.site()]);
    if (!episode) throw new AppError("NOT_FOUND", "error.episodeNotFound");
    await sendPng(req, res, episodeShareInput(episode, site));
  });
  return router;
}
