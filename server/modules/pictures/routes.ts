import express, { Router } from "express";
import { AppError } from "../../platform/http/errors";
import type { PicturesService } from "./service";
import type { UploadsService } from "./uploads";
import { UPLOAD_MAX_BYTES } from "./uploads";

/** Under /api/objects: hand out upload addresses and take the bytes. */
export function uploadsRouter(uploads: UploadsService): Router {
  const r = Router();
  r.post("/upload", async (_req, res) => {
    const { uploadURL } = await uploads.createUpload();
    res.set("Cache-Control", "no-store").json({ uploadURL });
  });
  r.put("/uploads/:id", express.raw({ type: () => true, limit: UPLOAD_MAX_BYTES }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await uploads.receive(String(req.params.id), body);
    res.json(result);
  });
  return r;
}

/**
 * GET /objects/{id}: an uploaded file, immutable once written (ids are never reused); and
 * GET /objects/{id}/{kind}-{width}.{format}: one of the sizes the site makes of it (shared/pictures.ts).
 */
export function objectsRouter(uploads: UploadsService, pictures: PicturesService): Router {
  const r = Router();
  r.get("/:id/:variant", async (req, res) => {
    const id = String(req.params.id);
    const name = String(req.params.variant);
    const variant = await pictures.variant(id, name);
    if (!variant) throw new AppError("NOT_FOUND", "error.objectNotFound");
    const etag = `"${id}/${name}"`;
    res.set({
      ETag: etag,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.set({ "Content-Type": variant.contentType, "Content-Length": String(variant.data.length), "Content-Disposition": "inline" });
    res.end(variant.data);
  });
  r.get("/:id", async (req, res) => {
    const object = await uploads.read(String(req.params.id));
    if (!object) throw new AppError("NOT_FOUND", "error.objectNotFound");
    // Written once, never changed: the id is the version.
    const etag = `"${String(req.params.id)}"`;
    res.set("ETag", etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.set({
      ETag: etag,
      "Content-Type": object.contentType,
      "Content-Length": String(object.data.length),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
      "Cross-Origin-Resource-Policy": "same-origin",
    });
    if (object.contentType === "image/svg+xml") {
      // Opened directly, an SVG is a document: no scripts, no requests, a sandboxed origin.
      res.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    }
    res.end(object.data);
  });
  return r;
}
