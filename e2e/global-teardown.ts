import fs from "node:fs";
import { STATE_FILE, type ServerState } from "./server-state";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  await stopE2EServer(STATE_FILE);
}

/** Stops the server `stateFile` names (SIGTERM, then waits), and removes its data and the file. */
export async function stopE2EServer(stateFile: string): Promise<void> {
  if (!fs.existsSync(stateFile)) return;
  const state = JSON.parse(fs.readFileSync(stateFile, "utf8")) as ServerState;
  // SIGTERM: the server stops its own PostgreSQL before it exits.
  if (isAlive(state.pid)) {
    process.kill(state.pid, "SIGTERM");
    const deadline = Date.now() + 20_000;
    while (isAlive(state.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(state.dataDir, { recursive: true, force: true });
  fs.rmSync(stateFile, { force: true });
}
