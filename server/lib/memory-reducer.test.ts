import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * A Node process shaped like the server (ES modules, no `node:vm` of its own) starts the nudge,
 * makes a burst of garbage, drops it, then idles with a light timer; V8 traces its memory
 * reducer's decisions. Resolves with the seconds from the burst's end to the reducer's first
 * collection, or undefined when none came within `withinSeconds` (without the nudge, Node 24
 * reports "high alloc" on every tick and none comes).
 */
function secondsToReducerCollection(withinSeconds: number): Promise<number | undefined> {
  const module = pathToFileURL(path.join(import.meta.dirname, "memory-reducer.ts")).href;
  const code = `
    const { keepMemoryReducerWorking } = await import(${JSON.stringify(module)});
    keepMemoryReducerWorking();
    let kept = [];
    const until = Date.now() + 2000;
    while (Date.now() < until) {
      kept.push(Array.from({ length: 20000 }, (_, i) => ({ i, text: "garbage " + i })));
      if (kept.length > 40) kept.shift();
      await new Promise((r) => setImmediate(r));
    }
    kept = [];
    process.stdout.write("burst over\\n");
    setInterval(() => {}, 2000);`;
  const child = spawn(process.execPath, ["--trace-memory-reducer", "--import", "tsx", "--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let overAt: number | undefined;
    const finish = (seconds: number | undefined) => {
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve(seconds);
    };
    const timer = setTimeout(() => finish(undefined), withinSeconds * 1000 + 10_000);
    // V8 writes its traces to stdout, beside the child's own line.
    child.stdout.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      if (text.includes("burst over")) overAt = Date.now();
      if (overAt === undefined || !text.includes("Memory reducer: started GC")) return;
      const seconds = (Date.now() - overAt) / 1000;
      finish(seconds <= withinSeconds ? seconds : undefined);
    });
    child.once("error", reject);
  });
}

describe("giving memory back after a burst", () => {
  // V8's watchdog alone would collect 100 s after the burst's last full collection: 40 s is
  // five of the reducer's 8 s ticks, well short of it.
  it("when a burst of garbage ends and the process goes quiet, then V8's memory reducer collects within 40 s", async () => {
    expect(await secondsToReducerCollection(40)).toBeDefined();
  }, 60_000);
});
