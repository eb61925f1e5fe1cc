import type { Router } from "express";
import { providerSchema, providerUpdateSchema } from "../../../shared/api";
import type { PublicCache } from "../../platform/http/public-cache";
import type { FastPathRecorder } from "../../platform/http/send-cached";
import { orderedListRouter } from "../../platform/ordered-lists/routes";
import { isAdmin } from "../auth";
import type { ProvidersService } from "./service";

/** The providers' routes: an ordered list's (docs/product.md §4). */
export function providersRouter(providers: ProvidersService, cache: PublicCache, memory?: FastPathRecorder): Router {
  return orderedListRouter(providers, {
    name: "providers",
    schema: providerSchema,
    updateSchema: providerUpdateSchema,
    cache,
    memory,
    isAdmin,
  });
}
