import crypto from "node:crypto";
import type { Db } from "../../platform/db/client";
import type { Logger } from "../../platform/runtime/logger";
import { deleteSessionsOfUser, findAdmin, findUserForLogin, insertUser, updateUser, withAdminBootstrapLock } from "./storage";
import { hashPassword, verifyPassword } from "./passwords";

const DEFAULT_ADMIN_EMAIL = "admin@localhost";

export interface AdminBootstrapResult {
  action: "created" | "updated" | "unchanged";
  email: string;
  /** Only when the app made the password up; shown once, never stored in clear. */
  generatedPassword?: string;
}

/**
 * Exactly one admin account (docs/product.md §6). ADMIN_EMAIL and ADMIN_PASSWORD create it, or move it
 * to that address and password; with neither and no account, one is made with a generated
 * password that is printed once.
 */
export async function ensureAdminAccount(db: Db, options: { email?: string; password?: string }): Promise<AdminBootstrapResult> {
  return withAdminBootstrapLock(db, async (txDb) => {
    const admin = await findAdmin(txDb);
    if (!admin) {
      const email = options.email ?? DEFAULT_ADMIN_EMAIL;
      const generatedPassword = options.password ? undefined : crypto.randomBytes(12).toString("base64url");
      await insertUser(txDb, email, await hashPassword(options.password ?? generatedPassword!));
      return { action: "created", email, generatedPassword };
    }
    const changes: { email?: string; passwordHash?: string } = {};
    if (options.email && options.email.toLowerCase() !== admin.email.toLowerCase()) changes.email = options.email;
    if (options.password) {
      const current = await findUserForLogin(txDb, admin.email);
      if (!current || !(await verifyPassword(options.password, current.passwordHash))) {
        changes.passwordHash = await hashPassword(options.password);
      }
    }
    if (Object.keys(changes).length === 0) return { action: "unchanged", email: admin.email };
    await updateUser(txDb, admin.id, changes);
    // A new password (the recovery path) or address ends every session: a stolen cookie dies with it.
    await deleteSessionsOfUser(txDb, admin.id);
    return { action: "updated", email: changes.email ?? admin.email };
  });
}

export function reportAdminBootstrap(result: AdminBootstrapResult, logger: Logger): void {
  if (result.generatedPassword) {
    // Printed once, to the console only: it is the owner's only way in on a first start.
    process.stderr.write(
      [
        "",
        "  An admin account was created for this site.",
        `    E-mail:   ${result.email}`,
        `    Password: ${result.generatedPassword}`,
        "  Keep it now: it is not shown again. Set ADMIN_EMAIL and ADMIN_PASSWORD to change it.",
        "",
        "",
      ].join("\n"),
    );
  }
  logger.info({ email: result.email, action: result.action }, "admin account ready");
}
