/**
 * Runs a snippet in a child Node process shaped like the server (ES modules through tsx), after it
 * has imported `keepMemoryReducerWorking` from server/platform/runtime/memory-reducer.ts: used by that module's
 * tests and by the memory reducer's benchmark (bench/memory-reducer.ts).
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const MODULE = pathToFileURL(path.join(import.meta.dirname, "..", "platform", "runtime", "memory-reducer.ts")).href;

/**
 * Starts the child with `nodeFlags` and `body`, and hands each chunk of its stdout to `read` until
 * `read` settles a value, then kills the child and resolves with it; with `giveUp`, resolves with
 * `giveUp.value` if nothing settled within `giveUp.afterMs`. Rejects if the child exits before.
 */
export function readChild<T>(
  nodeFlags: string[],
  body: string,
  read: (text: string, settle: (value: T) => void) => void,
  giveUp?: { afterMs: number; value: T },
): Promise<T> {
  const code = `const { keepMemoryReducerWorking } = await import(${JSON.stringify(MODULE)});\n${body}`;
  const child = spawn(process.execPath, [...nodeFlags, "--import", "tsx", "--input-type=module", "-e", code], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (value: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill("SIGKILL");
      resolve(value);
    };
    const timer = giveUp && setTimeout(() => settle(giveUp.value), giveUp.afterMs);
    child.stdout.on("data", (chunk: Buffer) => {
      if (!settled) read(chunk.toString(), settle);
    });
    child.once("error", reject);
    // A child that dies first (a flag or an option its Node does not know) fails at once.
    child.once("exit", (code, signal) => {
      if (!settled) reject(new Error(`the child exited (${code ?? signal}) before it said what was asked`));
    });
  });
}
