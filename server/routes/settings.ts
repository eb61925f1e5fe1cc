import { Router } from "express";
import { accessLogSchema, settingSchema, settingsBatchSchema, unlockSchema } from "../../shared/api";
import { isAdmin, requireAdmin } from "../auth/guards";
import { parse } from "../lib/validate";
import type { EditorsService } from "../services/editors";
import type { SettingsService } from "../services/settings";
import { throttleAddress } from "../auth/client-address";
import type { Throttle } from "../auth/throttle";
import { isPublicSettingKey, isSettingKey } from "../../shared/settings";
import { AppError } from "../lib/errors";
import { ADMIN_DATA, cacheFor } from "../lib/cache-policy";
import { sendCached, type AnswerMemory } from "../lib/send-cached";
import type { PublicCache } from "../services/public-cache";

export function settingsRouter(settings: SettingsService, cache: PublicCache, memory?: AnswerMemory): Router {
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
      throw new AppError("NOT_FOUND", "Setting not found");
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

const userAgentOf = (ua: string | undefined) => (ua ?? "").slice(0, 500);

export function editorsRouter(editors: EditorsService, settings: SettingsService, throttle: Throttle): Router {
  const r = Router();
  r.post("/unlock", async (req, res) => {
    const { password } = parse(unlockSchema, req.body);
    const keys = { "audition-ip": throttleAddress(req.ip), "audition-all": "all" };
    await throttle.attempt(keys);
    const result = await editors.unlock(password, userAgentOf(req.get("user-agent")));
    await throttle.succeeded(keys);
    res.set("Cache-Control", "no-store").json(result);
  });
  r.get("/password-status", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "no-store").json({ isSet: await settings.isAuditionPasswordSet() });
  });
  return r;
}

export function accessLogRouter(editors: EditorsService): Router {
  const r = Router();
  r.get("/", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json(await editors.listLog());
  });
  r.post("/", async (req, res) => {
    const entry = parse(accessLogSchema, req.body);
    await editors.recordClientAttempt({ ...entry, userAgent: userAgentOf(entry.userAgent ?? req.get("user-agent")) });
    res.status(201).json({ saved: true });
  });
  return r;
}
