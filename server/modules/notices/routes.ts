import { Router, type RequestHandler } from "express";
import type { Mailer } from "../../platform/mail/mailer";

/** `GET /api/mail/status` (admin): `{"mail": true}` when SMTP_URL is set, so the admin offers what e-mail does. */
export function mailRouter(mailer: Mailer, requireAdmin: RequestHandler): Router {
  const r = Router();
  r.get("/status", requireAdmin, (_req, res) => {
    res.set("Cache-Control", "private, no-store").json({ mail: mailer.enabled });
  });
  return r;
}
