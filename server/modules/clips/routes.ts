import type { Router } from "express";
import { clipSchema, clipUpdateSchema } from "../../../shared/api";
import type { PublicCache } from "../../platform/http/public-cache";
import type { FastPathRecorder } from "../../platform/http/send-cached";
import { orderedListRouter } from "../../platform/ordered-lists/routes";
import { isAdmin } from "../auth";
import type { ClipsService } from "./service";

/** The clips' routes: an ordered list's (docs/product.md §4). */
export function clipsRouter(clips: ClipsService, cache: PublicCache, memory?: FastPathRecorder): Router {
  return orderedListRouter(clips, { name: "clips", schema: clipSchema, updateSchema: clipUpdateSchema, cache, memory, isAdmin });
}
