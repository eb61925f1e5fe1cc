import { Router, type RequestHandler } from "express";
import { acceptInvitationSchema, invitationSchema } from "../../../shared/access";
import { idParamSchema } from "../../../shared/api";
import { throttleAddress } from "../../platform/http/client-address";
import { AppError } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import type { Throttle } from "../../platform/limits/throttle";
import type { AccessService } from "./service";

/** An id from the path; anything that is not one names nothing (404). */
const idOf = (raw: unknown) => {
  const result = idParamSchema.safeParse(raw);
  if (!result.success) throw new AppError("NOT_FOUND", "error.notFound");
  return result.data;
};

/**
 * /api/users (docs/product.md "People with access"). Everything is the owner's (auth/roles.ts)
 * but `POST /accept`, a public write (auth/guards.ts) throttled per address before any hashing.
 * - GET / → the people; GET /invitations → the pending invitations; POST /invitations → 201 {url};
 *   DELETE /invitations/:id → 204 (revoked); DELETE /:id → 204 (removed, sessions ended).
 */
export function accessRouter(access: AccessService, throttle: Throttle, requireAdmin: RequestHandler): Router {
  const r = Router();
  r.post("/accept", async (req, res) => {
    const keys = { "accept-ip": throttleAddress(req.ip) };
    await throttle.attempt(keys);
    const input = parse(acceptInvitationSchema, req.body);
    const { email } = await access.accept(input);
    res.set("Cache-Control", "no-store").status(201).json({ email });
  });
  r.use(requireAdmin);
  r.get("/", async (_req, res) => {
    res.set("Cache-Control", "no-store").json(await access.list());
  });
  r.get("/invitations", async (_req, res) => {
    res.set("Cache-Control", "no-store").json(await access.pending());
  });
  r.post("/invitations", async (req, res) => {
    const input = parse(invitationSchema, req.body);
    res
      .set("Cache-Control", "no-store")
      .status(201)
      .json(await access.invite(input, req.user?.id ?? null));
  });
  r.delete("/invitations/:id", async (req, res) => {
    await access.revoke(idOf(req.params.id));
    res.status(204).end();
  });
  r.delete("/:id", async (req, res) => {
    await access.remove(idOf(req.params.id));
    res.status(204).end();
  });
  return r;
}
