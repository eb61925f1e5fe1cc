// The README's promise, end to end: `npm start` on a fresh DATA_DIR serves /api/health = 200;
// after a `kill -9` it starts again and recovers; a second app on the same DATA_DIR is turned
// away; SIGTERM stops it and its PostgreSQL and frees DATA_DIR.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";
import getPort from "get-port";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-smoke-"));
fs.chmodSync(dataDir, 0o755);

const freePort = () => getPort({ host: "127.0.0.1" });

const children = [];

/** `npm start` on the smoke DATA_DIR; its log (stdout) and console (stderr) are kept and echoed. */
function start(port) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, "scripts/start.mjs")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (c) => {
      output += c;
      process.stdout.write(c);
    });
  }
  child.output = () => output;
  return child;
}

async function waitHealthy(port, child, ms = 120_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${child.output()}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return Date.now();
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no healthy answer within ${ms} ms:\n${child.output()}`);
}

/** Healthy, and the admin account set: the health check answers at once, other API requests once the account is set. */
async function waitAccountSet(port, child) {
  await waitHealthy(port, child);
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/me`);
  if (res.status >= 500) throw new Error(`the API answered ${res.status}:\n${child.output()}`);
}

const hasExited = (child) => child.exitCode !== null || child.signalCode !== null;
const exited = (child) => new Promise((resolve) => (hasExited(child) ? resolve() : child.once("exit", resolve)));
const postgresRunning = () => {
  const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return false;
  try {
    process.kill(Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]), 0);
    return true;
  } catch {
    return false;
  }
};

let failed = false;
try {
  const port = await freePort();
  const first = start(port);
  await waitAccountSet(port, first);
  if (!/Password: \S+/.test(first.output())) throw new Error("the generated admin password was not printed");
  console.log("smoke: fresh start healthy, admin password printed");

  first.kill("SIGKILL");
  await exited(first);
  const t0 = Date.now();
  const second = start(port);
  await waitHealthy(port, second);
  console.log(`smoke: restart after kill -9 healthy in ${Date.now() - t0} ms`);
  await waitAccountSet(port, second);
  if (/Password: \S+/.test(second.output())) throw new Error("a second password was printed");

  const third = start(await freePort());
  await exited(third);
  if (third.exitCode === 0 || !/Another instance \(pid \d+\)/.test(third.output())) {
    throw new Error(`a second app on the same DATA_DIR was not refused:\n${third.output()}`);
  }
  await waitHealthy(port, second);
  console.log("smoke: a second app on the same DATA_DIR was refused, the first still healthy");

  second.kill("SIGTERM");
  await exited(second);
  if (postgresRunning()) throw new Error("PostgreSQL still runs after SIGTERM");
  const left = ["app.lock", "app.pid"].filter((f) => fs.existsSync(path.join(dataDir, f)));
  if (left.length > 0) throw new Error(`SIGTERM left the DATA_DIR lock behind: ${left.join(", ")}`);
  console.log("smoke: SIGTERM stopped the server and its PostgreSQL, and freed DATA_DIR");
} catch (err) {
  failed = true;
  console.error(`smoke: FAILED: ${err.message}`);
} finally {
  // A failed step must not leave a server running on a folder about to be deleted.
  for (const child of children) if (!hasExited(child)) child.kill("SIGKILL");
  await Promise.all(children.map(exited));
  if (postgresRunning()) {
    // SIGINT is PostgreSQL's fast shutdown; a kill -9 of the app leaves its server running.
    process.kill(Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]), "SIGINT");
    for (let i = 0; i < 100 && postgresRunning(); i++) await new Promise((r) => setTimeout(r, 100));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(failed ? "0 passed, 1 failed" : "1 passed, 0 failed");
process.exit(failed ? 1 : 0);
