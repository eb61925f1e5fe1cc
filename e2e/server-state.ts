import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where global setup leaves the server's pid, data dir and URL for the teardown and the tests: one
 * file per checkout, so two checkouts' browser tests on one machine never stop each other's server.
 */
const checkout = crypto
  .createHash("sha256")
  .update(path.dirname(fileURLToPath(import.meta.url)))
  .digest("hex")
  .slice(0, 12);
export const STATE_FILE = path.join(os.tmpdir(), `podcast-e2e-state-${process.getuid?.() ?? "user"}-${checkout}.json`);

export interface ServerState {
  pid: number;
  dataDir: string;
  baseURL: string;
  /** Where the loopback mailbox (SMTP_URL) writes each e-mail the server sends, one JSON file each. */
  mailDir: string;
}

/** The owner's account that global setup makes, as the login form and /api/auth/login take it. */
export const ADMIN_LOGIN = { email: "admin@example.com", password: "e2e-admin-password-123" };
export const { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } = ADMIN_LOGIN;
