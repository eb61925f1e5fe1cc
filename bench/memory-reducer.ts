/**
 * V8's memory reducer after a burst, a part of `npm run bench` that also runs alone:
 * `npx tsx bench/memory-reducer.ts`. Two child processes shaped like the server (ES modules, no
 * `node:vm` of their own) run at once: one starts server/platform/runtime/memory-reducer.ts's nudge, the other
 * does not. Each makes a 2 s burst of garbage, drops it and idles with a light timer while V8
 * traces its collections; the figure is the seconds from the burst's end to the memory-reducing
 * collection that takes the burst's garbage ("Mark-Compact (reduce)" of a heap over 50 MB: the
 * module loader's own isolate traces small ones), or none within the watch.
 *
 * It is timing that V8's heuristics and the machine's load decide, so it is reported, never
 * asserted: a test of it failed at random under the test suite's own load.
 */
import { readChild } from "../server/test/memory-reducer-child";
import { runAlone } from "./alone";

/** V8's watchdog alone collects some 100 s after the last full collection: the watch goes past it. */
const WATCH_S = 110;
/** The child's start (tsx) and its 2 s burst come before the watch: the give-up timer counts from the start. */
const START_S = 20;
const REDUCED_BURST = /Mark-Compact \(reduce\) ([\d.]+) /g;

function secondsToReducerCollection(nudge: boolean): Promise<number | null> {
  const body = `
    if (${nudge}) keepMemoryReducerWorking();
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
  let overAt: number | undefined;
  // V8 writes its traces to stdout, beside the child's own line.
  return readChild<number | null>(
    ["--trace-gc"],
    body,
    (text, settle) => {
      if (text.includes("burst over")) overAt = Date.now();
      if (overAt === undefined || ![...text.matchAll(REDUCED_BURST)].some((m) => Number(m[1]) > 50)) return;
      const seconds = (Date.now() - overAt) / 1000;
      settle(seconds <= WATCH_S ? seconds : null);
    },
    { afterMs: (START_S + WATCH_S) * 1000, value: null },
  );
}

export interface ReducerFigures {
  withNudge: number | null;
  withoutNudge: number | null;
}

export async function benchMemoryReducer(): Promise<ReducerFigures> {
  const [withNudge, withoutNudge] = await Promise.all([secondsToReducerCollection(true), secondsToReducerCollection(false)]);
  return { withNudge, withoutNudge };
}

/** The figures as a section of bench/RESULTS.md; `node`, the Node that measured them. */
export function memoryReducerReport(f: ReducerFigures, node = process.version): string {
  const seconds = (s: number | null) => (s === null ? `none within ${WATCH_S} s` : `${s.toFixed(1)} s`);
  return `## Memory handed back after a burst

Two processes shaped like the server, at once, on ${node}: a 2 s burst of garbage, then quiet. Seconds from the
burst's end to V8's memory-reducing collection of it (server/platform/runtime/memory-reducer.ts):

| | seconds |
|---|---|
| with the nudge (a tiny \`node:vm\` script every 20 s) | ${seconds(f.withNudge)} |
| without it | ${seconds(f.withoutNudge)} |
`;
}

runAlone(import.meta.url, benchMemoryReducer, memoryReducerReport);
