import fs from "node:fs";
import path from "node:path";
import express, { Router } from "express";
import type { ContentService } from "./services/content";
import { AppError } from "./lib/errors";

/** The SPA's routes (SPEC.md §2); anything else is the 404 page with HTTP 404. */
const STATIC_ROUTES = new Set([
  "/",
  "/about",
  "/listen",
  "/admin",
  "/providers",
  "/episodes",
  "/admin/clips",
  "/admin/editors",
  "/editors",
]);
const CLIP_ROUTE = /^\/clips\/([^/]+)\/?$/;

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // malformed escapes match no slug: the page is a 404
  }
}

export function pagesRouter(clientDir: string, content: ContentService): Router {
  const router = Router();
  const indexFile = path.join(clientDir, "index.html");
  if (!fs.existsSync(indexFile)) return router;

  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false }),
  );
  router.use(express.static(clientDir, { index: false, maxAge: "1h" }));

  const shell = fs.readFileSync(indexFile, "utf8");
  router.get("/{*splat}", async (req, res) => {
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
    let status = STATIC_ROUTES.has(pathname) ? 200 : 404;
    const clip = CLIP_ROUTE.exec(pathname);
    if (clip) {
      try {
        await content.getClipBySlug(safeDecode(clip[1]!), { includeDrafts: false });
        status = 200;
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== "NOT_FOUND") throw err;
        status = 404;
      }
    }
    res.status(status).set("Cache-Control", "no-cache").type("html").send(shell);
  });
  return router;
}
