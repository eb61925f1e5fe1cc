import type { Request, RequestHandler } from "express";
import { trimEnd } from "es-toolkit/string";
import { AppError } from "../../platform/http/errors";
import { isStateChanging } from "../../platform/http/request-guards";
import { roleAllows } from "./roles";

/** A signed-in person with access (an owner or an editor; docs/product.md "People with access"). */
export function isAdmin(req: Request): boolean {
  return typeof req.isAuthenticated === "function" && req.isAuthenticated() && !!req.user;
}

/** The path under /api, wherever the guard is mounted (the API router, or a module's router). */
const apiPathOf = (req: Request) => `${req.baseUrl}${req.path}`.replace(/^\/api(?=\/|$)/, "") || "/";

/** The signed-in person's role lets them make this request (roles.ts), or 403. */
function checkRole(req: Request): void {
  if (!roleAllows(req.user!.role, req.method, apiPathOf(req), req.body)) throw new AppError("FORBIDDEN", "error.ownerOnly");
}

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!isAdmin(req)) throw new AppError("UNAUTHORIZED", "error.adminLoginRequired");
  checkRole(req);
  next();
};

/** Every write under /api needs the admin, but for these (docs/product.md "Admin only"); paths are relative to /api. */
const PUBLIC_WRITES = new Set(["/auth/login", "/auth/logout", "/editors/unlock", "/messages", "/users/accept"]);
/** The candidate's hand-in, authorised by the audition code and its upload's token (docs/product.md "Audition hand-in"). */
const PUBLIC_WRITE_PREFIX = "/editors/hand-ins";

const isPublicWrite = (path: string) =>
  PUBLIC_WRITES.has(trimEnd(path, "/")) ||
  path === PUBLIC_WRITE_PREFIX ||
  path.startsWith(`${PUBLIC_WRITE_PREFIX}/`) ||
  // A listener's voice message, authorised by its upload address's single-use token (docs/product.md "Messages").
  /^\/messages\/[^/]+\/audio$/.test(path);

export const requireAdminForWrites: RequestHandler = (req, _res, next) => {
  if (isStateChanging(req) && !isPublicWrite(req.path)) {
    if (!isAdmin(req)) throw new AppError("UNAUTHORIZED", "error.adminLoginRequired");
    checkRole(req);
  }
  next();
};
