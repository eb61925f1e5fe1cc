import { Router } from "express";
import { settingSchema, settingsBatchSchema } from "../../../shared/api";
import { isAdmin, requireAdmin } from "../auth";
import { parse } from "../../platform/http/validate";
import type { SettingsService } from "./service";
import { isPublicSettingKey, isSettingKey } from "../../../shared/settings";
import { AppError } from "../../platform/http/errors";
import { ADMIN_DATA, cacheFor } from "../../platform/http/cache-policy";
import { sendCached, type FastPathRecorder } from "../../platform/http/send-cached";
import type { PublicCache } from "../../platform/http/public-cache";

export function settingsRouter(settings: SettingsService, cache: PublicCache, memory?: FastPathRecorder): Router {
  const r = Router();
  r.get("/", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", ADMIN_DATA).json(await settings.listForAdmin());
  });
  r.get("/:key", async (req, res) => {
    const key = String(req.params.key);
    if (isAdmin(req)) {
      cacheFor(res, true).json(await settings.read(key, { isAdmin: true }));
      return;
    }
    // Visitors' reads from the process cache (the footer is sanitised once per fill, not per request).
    const body =
      isSettingKey(key) && isPublicSettingKey(key)
        ? await cache.json(`setting:${key}`, () => settings.read(key, { isAdmin: false }))
        : null;
    if (!body) {
      await settings.read(key, { isAdmin: false }); // throws the right 401 or 404
      throw new AppError("NOT_FOUND", "error.settingNotFound");
    }
    cacheFor(res, false);
    sendCached(req, res, body, "application/json", memory);
  });
  r.post("/", async (req, res) => {
    const { key, value, version } = parse(settingSchema, req.body);
    res.json({ key, saved: true, version: await settings.write(key, value, version) });
  });
  r.put("/", async (req, res) => {
    const { settings: entries } = parse(settingsBatchSchema, req.body);
    await settings.writeMany(entries);
    res.json({ saved: entries.map((e) => e.key) });
  });
  return r;
}
