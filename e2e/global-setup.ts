import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seed } from "./seed";
import { ADMIN_EMAIL, ADMIN_PASSWORD, STATE_FILE, type ServerState } from "./server-state";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { fileURLToPath } from "node:url";
import getPort from "get-port";
import { startMailbox } from "../server/test/mailbox";

const here = path.dirname(fileURLToPath(import.meta.url));

const root = path.resolve(here, "..");

async function waitForHealth(baseURL: string, child: ReturnType<typeof spawn>, logFile: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with ${child.exitCode}:\n${fs.readFileSync(logFile, "utf8").slice(-4000)}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy:\n${fs.readFileSync(logFile, "utf8").slice(-4000)}`);
}

export default async function globalSetup(): Promise<void> {
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  process.env.E2E_BASE_URL = await startE2EServer(STATE_FILE);
}

/**
 * The built app on a fresh temporary database, seeded; its pid, data directory and address are
 * left in `stateFile` for the teardown. Answers the address.
 */
export async function startE2EServer(stateFile: string): Promise<string> {
  // The embedded PostgreSQL runs as the postgres user, which must traverse this directory.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-e2e-"));
  fs.chmodSync(dataDir, 0o755);
  const port = await getPort({ host: "127.0.0.1" });
  const baseURL = `http://127.0.0.1:${port}`;
  const logFile = path.join(dataDir, "server.log");
  // The server's e-mail goes to a mailbox on loopback, which writes each one where the tests read it.
  const mailDir = path.join(dataDir, "mailbox");
  const mailbox = await startMailbox({ dir: mailDir });
  mailbox.unref();
  const log = fs.openSync(logFile, "a");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "dist/server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: "warn",
      // The feed tests serve their feeds from loopback; the schedule stays off so only they sync.
      FEED_ALLOW_PRIVATE: "1",
      FEED_SYNC_MINUTES: "0",
      SMTP_URL: mailbox.url,
    },
    stdio: ["ignore", log, log],
    detached: false,
  });
  const state: ServerState = { pid: child.pid!, dataDir, baseURL, mailDir };
  fs.writeFileSync(stateFile, JSON.stringify(state));

  await waitForHealth(baseURL, child, logFile);
  await seed(baseURL);
  return baseURL;
}
