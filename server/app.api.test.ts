import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "./platform/runtime/paths";
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestDb } from "./test/harness";

describe("closeApp", () => {
  it("when an app has run (share image drawn, throttles and session store of a running site) and is closed with its pool, then the process ends by itself with none of its timers left", async () => {
    const db = await createTestDb({ withAdmin: true });
    try {
      const child = spawn(process.execPath, ["--import", "tsx", path.join(projectRoot(), "server", "test", "close-app-child.ts")], {
        cwd: projectRoot(),
        env: { ...process.env, DATABASE_URL: db.url, ADMIN_EMAIL, ADMIN_PASSWORD },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
      // Left running, the share images' worker thread would keep the process 30 s after its last drawing.
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));

      expect(code, err).toBe(0);
      expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ timersLeft: [] });
    } finally {
      await db.drop();
    }
  }, 20_000);
});
