import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../runtime/logger";
import { takeAppLock } from "./app-lock";

const logger = createLogger("silent");
let dir: string;
const children: ChildProcess[] = [];

/** A real second app process: node running takeAppLock on `dataDir`, resolved once it holds the lock. */
function holderProcess(dataDir: string): Promise<ChildProcess> {
  const modules = (name: string) => pathToFileURL(path.join(import.meta.dirname, name)).href;
  const code = `
    const { takeAppLock } = await import(${JSON.stringify(modules("app-lock.ts"))});
    const { createLogger } = await import(${JSON.stringify(modules("../runtime/logger.ts"))});
    await takeAppLock(${JSON.stringify(dataDir)}, createLogger("silent"));
    process.stdout.write("locked\\n");
    setInterval(() => {}, 1 << 30);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve(child));
    child.once("exit", (code) => reject(new Error(`the holder exited with ${code}`)));
  });
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "podcast-lock-"));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the app lock on DATA_DIR", () => {
  it("when another live app holds DATA_DIR, then the lock is refused with its pid and what to do", async () => {
    const holder = await holderProcess(dir);

    await expect(takeAppLock(dir, logger)).rejects.toThrow(
      new RegExp(`Another instance \\(pid ${holder.pid}\\) is already running on DATA_DIR .*DATABASE_URL`),
    );
  });

  it("when the app holding DATA_DIR was killed (kill -9), then the next lock takes it over", async () => {
    const holder = await holderProcess(dir);
    await killed(holder);
    const warnings: string[] = [];
    const listening = createLogger("warn");
    listening.warn = ((_: unknown, message: string) => void warnings.push(message)) as typeof listening.warn;

    const lock = await takeAppLock(dir, listening);

    expect(warnings).toEqual(["taking over the DATA_DIR lock of an app that is gone"]);
    expect(fs.readFileSync(path.join(dir, "app.pid"), "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("when the lock is released, then app.lock and app.pid are gone and the next app gets it", async () => {
    const lock = await takeAppLock(dir, logger);
    expect(fs.readdirSync(dir).sort()).toEqual(["app.lock", "app.pid"]);

    lock.release();

    expect(fs.readdirSync(dir)).toEqual([]);
    await holderProcess(dir);
  });

  it("when app.pid names a live app started before app.lock existed, then the lock is refused", async () => {
    const older = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
    children.push(older);
    fs.writeFileSync(path.join(dir, "app.pid"), String(older.pid));

    await expect(takeAppLock(dir, logger)).rejects.toThrow(`Another instance (pid ${older.pid})`);
    expect(fs.existsSync(path.join(dir, "app.lock"))).toBe(false);
  });
});
