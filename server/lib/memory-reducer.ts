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
 * "low alloc" after a quiet tick, and "started GC" a few seconds after a burst.
 */
const INTERVAL_MS = 20_000;

/** Starts the nudge for the process's life; its timer never keeps the process alive. */
export function keepMemoryReducerWorking(): void {
  const nudge = () => void new vm.Script("0");
  nudge();
  setInterval(nudge, INTERVAL_MS).unref();
}
