/**
 * Run in a child process by server/app.api.test.ts: makes the app as server/index.ts does (not
 * in the test mode, so the throttles sweep their counters and the session store prunes), has it
 * draw a share image (its worker thread starts), closes it and the pool, and must then end by
 * itself. Timers are counted from the start, unref'd ones too, which never keep a process alive
 * but would go on running in one that lives on (a test run, a restart in-process).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const live = new Map<unknown, string>();
const {
  setTimeout: realSetTimeout,
  setInterval: realSetInterval,
  clearTimeout: realClearTimeout,
  clearInterval: realClearInterval,
} = globalThis;
globalThis.setTimeout = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const timer = realSetTimeout(
    (...a: unknown[]) => {
      live.delete(timer);
      handler(...a);
    },
    ms,
    ...args,
  );
  live.set(timer, new Error().stack ?? "");
  return timer;
}) as typeof setTimeout;
globalThis.setInterval = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const timer = realSetInterval(handler, ms, ...args);
  live.set(timer, new Error().stack ?? "");
  return timer;
}) as typeof setInterval;
globalThis.clearTimeout = ((timer: Parameters<typeof clearTimeout>[0]) => {
  live.delete(timer);
  realClearTimeout(timer);
}) as typeof clearTimeout;
globalThis.clearInterval = ((timer: Parameters<typeof clearInterval>[0]) => {
  live.delete(timer);
  realClearInterval(timer);
}) as typeof clearInterval;

const { default: supertest } = await import("supertest");
const { createApp } = await import("../app");
const { connectDatabase } = await import("../platform/db/client");
const { createLogger } = await import("../platform/runtime/logger");
const { createLocalStore } = await import("../platform/objects/local-store");

const objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), "close-app-"));
const database = connectDatabase(process.env.DATABASE_URL!, { max: 2 });
const app = createApp({
  config: { publicUrl: "http://localhost:5000", env: "production", trustProxy: undefined },
  database,
  store: createLocalStore(objectsDir),
  logger: createLogger("silent"),
  sessionSecret: "close-app-secret-".padEnd(64, "x"),
  clientDir: path.join(objectsDir, "no-client"),
});
const share = await supertest(app.listener).get("/share.png");
if (share.status !== 200) throw new Error(`the share image answered ${share.status}`);
// A session stored: the session store's pruning starts with its first query.
const login = await supertest(app.listener)
  .post("/api/auth/login")
  .send({ email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD });
if (login.status !== 200) throw new Error(`the login answered ${login.status}`);

await app.close();
await database.close();
fs.rmSync(objectsDir, { recursive: true, force: true });
await new Promise((resolve) => realSetTimeout(resolve, 50));
process.stdout.write(JSON.stringify({ timersLeft: [...live.values()].map((stack) => stack.split("\n").slice(2, 5).join(" | ")) }) + "\n");
