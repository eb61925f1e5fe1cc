import os from "node:os";
import path from "node:path";

/** Where global setup leaves the server's pid, data dir and URL for the teardown and the tests. */
export const STATE_FILE = path.join(os.tmpdir(), `podcast-e2e-state-${process.getuid?.() ?? "user"}.json`);

export interface ServerState {
  pid: number;
  dataDir: string;
  baseURL: string;
}

export const ADMIN_EMAIL = "admin@example.com";
export const ADMIN_PASSWORD = "e2e-admin-password-123";
