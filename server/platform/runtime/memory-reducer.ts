import vm from "node:vm";

/**
 * Lets V8 hand back the memory a burst of requests leaves behind, seconds after the burst ends.
 *
 * V8 frees a heap's empty pages (and the pool of pages it keeps for reuse) in a "memory reducer"
 * collection, which it starts once the process allocates little. On Node 24 that test also reads
 * the allocation rate of the C++ heap beside the JavaScript one (cppgc), and a rate of exactly zero
 * there counts as the highest possible: a process that never allocates on that heap is judged
 * "high alloc" forever, so only the reducer's watchdog (100 s after the last full collection, and
 * any full collection restarts that clock) gives the pages back. Our server is such a process: its
 * ES modules never touch `node:vm`, whose compiled scripts are Node's own objects on that heap.
 * After a flood of beacons it held some 70 MB of freed pages for as long as any traffic went on.
 *
 * Compiling a one-character script every 20 s allocates one small object on the C++ heap, which
 * keeps its rate above zero (V8's estimate decays towards zero over about 100 s) and so lets the
 * usual test decide. It costs microseconds, and nothing when the rate test is fixed in V8 or the
 * process already uses `node:vm`. Run `node --trace-memory-reducer` to see the reducer's decisions:
 * "low alloc" after a quiet tick, and "started GC" a few seconds after a burst; `npm run bench`
 * times it with and without the nudge (bench/memory-reducer.ts, figures in bench/RESULTS.md).
 */
const INTERVAL_MS = 20_000;

/** V8's `gc`, a global with `--expose-gc`. */
type Gc = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * The reducer can still miss a burst. Once it has made its collections (after 100 s without a
 * full collection, even during a burst) it stays done until the heap commits 10% and 10 MB more
 * than it had then, so the end of a long burst can leave tens of MB behind, with nothing to free
 * them while the site is quiet: a flood of a million beacons left +2 to +39 MB after it.
 *
 * So, when Node runs with `--expose-gc` (scripts/server-flags.mjs), the process checks itself
 * every 10 s: quiet (under 2% of a core in the last 10 s) and more than 20 MB above the least
 * it has held since the last such check, it asks V8 for the collection that gives back all it can
 * (`gc` of flavor "last-resort", as a low-memory notification does): some 40 ms for a 300 MB
 * heap, when nobody is waiting. The least it has held is then what it holds after: memory the
 * site really needs (a larger cache) is asked once, not again.
 */
const GROWTH_MB = 20;
/** The share of one core under which the process counts as quiet. */
const QUIET_SHARE = 0.02;

const rssMb = () => process.memoryUsage.rss() / 1024 / 1024;

/**
 * Starts the nudge (and, with `--expose-gc`, the quiet-time trim, checked every `everyMs`) for the
 * process's life; their timers never keep it alive.
 */
export function keepMemoryReducerWorking({ everyMs = 10_000 }: { everyMs?: number } = {}): void {
  const nudge = () => void new vm.Script("0");
  nudge();
  setInterval(nudge, INTERVAL_MS).unref();
  const gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== "function") return;
  let least = rssMb();
  let cpu = process.cpuUsage();
  setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const now = rssMb();
    least = Math.min(least, now);
    const quiet = (used.user + used.system) / 1000 < everyMs * QUIET_SHARE;
    if (!quiet || now - least <= GROWTH_MB) return;
    gc({ type: "major", execution: "sync", flavor: "last-resort" });
    least = rssMb();
    cpu = process.cpuUsage();
  }, everyMs).unref();
}
