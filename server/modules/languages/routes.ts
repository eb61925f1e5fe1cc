import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { catalogueLanguage, LANGUAGES } from "../../../shared/languages";
import type { Db } from "../../platform/db/client";
import { parse } from "../../platform/http/validate";
import { getUserLanguage, putUserLanguage } from "./storage";

/** `PUT /api/languages/mine`: a language the site speaks ("de", "pt-BR"), or null for the site's own. */
const myLanguageSchema = z.strictObject({
  language: z
    .string()
    .max(35)
    .nullable()
    .refine((tag) => tag === null || catalogueLanguage(tag) !== null, {
      error: "validation.languageOrNull",
      params: { languages: LANGUAGES.map((l) => l.tag).join(", ") },
    }),
});

/** The signed-in person's id (the session's user). */
const userIdOf = (req: Parameters<RequestHandler>[0]) => (req.user as { id: number }).id;

/**
 * The signed-in person's own language for the admin area (README "Languages"): read and set by
 * themselves; `null` means they follow the site's language (the setting `site_language`).
 */
export function languagesRouter(db: Db, requireAdmin: RequestHandler): Router {
  const r = Router();
  r.get("/mine", requireAdmin, async (req, res) => {
    res.set("Cache-Control", "no-store").json({ language: await getUserLanguage(db, userIdOf(req)) });
  });
  r.put("/mine", requireAdmin, async (req, res) => {
    const { language } = parse(myLanguageSchema, req.body);
    const tag = language === null ? null : catalogueLanguage(language);
    await putUserLanguage(db, userIdOf(req), tag);
    res.set("Cache-Control", "no-store").json({ language: tag });
  });
  return r;
}
