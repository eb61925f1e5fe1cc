/**
 * bench/RESULTS.md and the README's figures block, built from the figures of one `npm run bench`
 * run and nothing else. The run saves its figures to bench/.tmp/figures.json; this builds the
 * report again from them without measuring anything: `npx tsx bench/report.ts` prints it,
 * `npx tsx bench/report.ts --write` writes bench/RESULTS.md and the README's block as the run
 * does (another saved file: its path as the last argument).
 *
 * The "Missed" list names only the targets of bench/README.md "Targets"; everything else the
 * bench measures is reported in the tables, never counted as missed.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { JS_BUDGET_BYTES, JS_GOAL_BYTES, type PageWeight } from "../e2e/js-weight";
import { ROOT } from "../scripts/faults/lib";
import { type AnalyticsFigures, analyticsReport, BEACON_TARGET } from "./analytics";
import { type AuditionUploadFigures, auditionUploadReport, HAND_IN_TARGET } from "./audition-upload";
import type { FeedFigures } from "./feed-import";
import { memoryReducerReport, type ReducerFigures } from "./memory-reducer";
import { INBOX_TARGET_MS, type MessagesFigures, messagesReport, VOICE_TARGET_MS } from "./messages";
import type { Figures } from "./outsider";
import type { PeopleFigures } from "./people-import";
import type { ServingFigures } from "./serving";

/** Targets (bench/README.md "Targets"). */
const LIGHTHOUSE_MOBILE_TARGET = 98;
/** Each page's fast path against a bare node:http server sending the same bytes, in the same run. */
const PAGE_TARGET = 0.9;
/** `GET /api/episodes` against the Express hello-world floor, in the same run. */
const API_TARGET = 1.0;

export const FIGURES_FILE = path.join(ROOT, "bench", ".tmp", "figures.json");

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  thirdParty: number;
  /** Lighthouse's own failure, when a metric could not be measured. */
  problem?: string;
  /** False when Lighthouse could not record the load at all (a runtime error: no scores). */
  recorded: boolean;
}

/** Everything one run of `npm run bench` measured, and on what. */
export interface BenchFigures {
  /** The day (YYYY-MM-DD), the commit, the Node and the machine the run measured. */
  date: string;
  commit: string;
  node: string;
  cpu: string;
  cores: number;
  memoryGiB: number;
  versions: { lighthouse: string; autocannon: string };
  lighthouseRuns: number;
  load: { connections: number; seconds: number; warmupSeconds: number };
  paths: { clip: string; episode: string };
  lighthouse: Record<
    "homeMobile" | "clipMobile" | "episodeMobile" | "archiveMobile" | "aboutMobile" | "homeDesktop" | "clipDesktop",
    LighthouseFigures
  >;
  weights: PageWeight[];
  floors: { express: Figures; node: Figures };
  serving: ServingFigures;
  episode: Figures;
  archive: Figures;
  /** For each size of answer measured, a bare node:http server sending as many bytes per answer: [bytes, figures]. */
  sameBytes: [number, Figures][];
  /** `GET /` gzipped with 12, 200 and 2,000 published episodes. */
  homeGzipBytes: { 12: number; 200: number; 2000: number };
  feed: FeedFigures;
  people: PeopleFigures;
  handIn: AuditionUploadFigures;
  analytics: AnalyticsFigures;
  /** Listeners' messages (bench/messages.ts); absent from figures saved before it was measured. */
  messages?: MessagesFigures;
  reducer: ReducerFigures;
  start: { firstMs: number; coldMs: number };
  memory: { idleRssMb: number; peakRssMb: number; idlePostgresMb: number };
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;
const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`;

/** How far `value` is from `target`, in percent of the target: one decimal under 1 %. */
const percentOff = (value: number, target: number) => {
  const off = (Math.abs(value - target) / target) * 100;
  return off < 1 ? off.toFixed(1) : off.toFixed(0);
};

/** A ratio with two decimals, or three where two would round a miss up to its target. */
function times(ratio: number, target: number): string {
  const two = ratio.toFixed(2);
  return ratio < target && Number(two) >= target ? ratio.toFixed(3) : two;
}

/** Lighthouse's layout shift with three decimals, or two significant digits where three would show a shift as 0. */
const clsText = (cls: number) => (cls > 0 && cls < 0.0005 ? cls.toPrecision(2) : cls.toFixed(3));

/** JSON for the saved figures: NaN and the infinities kept (JSON alone would make them null). */
export const figuresJson = (f: BenchFigures) =>
  JSON.stringify(f, (_key, value: unknown) => (typeof value === "number" && !Number.isFinite(value) ? String(value) : value), 2);

const readFigures = (file: string) =>
  JSON.parse(fs.readFileSync(file, "utf8"), (_key, value: unknown) =>
    value === "NaN" || value === "Infinity" || value === "-Infinity" ? Number(value) : value,
  ) as BenchFigures;

export function benchReport(f: BenchFigures): { results: string; readmeBlock: string; misses: string[] } {
  const lh = f.lighthouse;
  const clipPath = f.paths.clip;
  const name = (p: string) => `GET ${p === "/" ? "/" : p === clipPath ? "/clips/{slug}" : p}`;
  const sameBytes = new Map(f.sameBytes);
  const directFast = (p: string) => f.serving.direct.find((d) => d.path === p)!.fast;
  const rows: [string, Figures][] = [
    ["Express 5 hello-world, 2 KB of JSON (floor)", f.floors.express],
    ["bare node:http, the same 2 KB of JSON", f.floors.node],
    ...f.serving.direct.flatMap(({ path: p, fast, express }): [string, Figures][] => [
      [`${name(p)}, fast path`, fast],
      [`${name(p)}, through Express`, express],
    ]),
    ["GET /episode/{slug}, fast path", f.episode],
    ["GET /archive, fast path", f.archive],
  ];
  const handIn = auditionUploadReport(f.handIn);
  const analytics = analyticsReport(f.analytics);
  const messages = f.messages
    ? messagesReport(f.messages)
    : {
        section: "## Listeners' messages\n\nNot measured in this run (its figures were saved before bench/messages.ts measured them).\n",
        misses: [
          `listeners' messages: not measured in this run (targets: a voice message stored in under ${VOICE_TARGET_MS} ms, the inbox of 1,000 in under ${INBOX_TARGET_MS} ms)`,
        ],
      };

  // The targets, and only they: each call is one target, and a miss says by how much.
  const misses: string[] = [];
  const target = (ok: boolean, what: string) => {
    if (!ok) misses.push(what);
  };

  // Lighthouse mobile on the four pages a visitor lands on, the home page as full as a real show's.
  for (const [page, figures] of [
    ["/", lh.homeMobile],
    ["an episode page", lh.episodeMobile],
    ["a clip page", lh.clipMobile],
    ["/archive", lh.archiveMobile],
  ] as const) {
    if (!figures.recorded) {
      target(
        false,
        `Lighthouse mobile on ${page}: not recorded (${figures.problem ?? "no run recorded"}), so neither its performance nor its CLS is known (target ${LIGHTHOUSE_MOBILE_TARGET} or more, CLS 0)`,
      );
      continue;
    }
    target(
      figures.performance >= LIGHTHOUSE_MOBILE_TARGET,
      `Lighthouse mobile performance on ${page}: ${figures.performance} (target ${LIGHTHOUSE_MOBILE_TARGET} or more, ${LIGHTHOUSE_MOBILE_TARGET - figures.performance} short)`,
    );
    target(
      figures.cls === 0,
      `Lighthouse mobile CLS on ${page}: ${Number.isNaN(figures.cls) ? "not measured" : clsText(figures.cls)} (target 0)`,
    );
  }

  // Each page from the fast path against a bare node:http server sending as many bytes per answer.
  const pages: [string, Figures][] = [
    ...f.serving.direct.filter((d) => d.path !== "/api/episodes").map(({ path: p, fast }): [string, Figures] => [name(p), fast]),
    ["GET /episode/{slug}", f.episode],
    ["GET /archive", f.archive],
  ];
  for (const [page, figures] of pages) {
    const floor = sameBytes.get(figures.bytesPerResponse);
    if (!floor) {
      target(
        false,
        `${page}: no bare node:http server sending its ${figures.bytesPerResponse} B was measured (target ${PAGE_TARGET}× or more of one)`,
      );
      continue;
    }
    const ratio = figures.rps / floor.rps;
    const errors = figures.errors === 0 ? "" : `; ${figures.errors} answers were errors or not 2xx, so the rate is not the page's`;
    target(
      ratio >= PAGE_TARGET && figures.errors === 0,
      `${page} at ${times(ratio, PAGE_TARGET)}× a bare node:http server sending the same ${figures.bytesPerResponse} B (target ${PAGE_TARGET}× or more${ratio >= PAGE_TARGET ? "" : `, ${percentOff(ratio, PAGE_TARGET)}% short`}${errors})`,
    );
  }

  const api = directFast("/api/episodes");
  const apiRatio = api.rps / f.floors.express.rps;
  target(
    apiRatio >= API_TARGET && api.errors === 0,
    `GET /api/episodes at ${times(apiRatio, API_TARGET)}× the Express hello-world floor (target ${API_TARGET.toFixed(1)}× or more${apiRatio >= API_TARGET ? "" : `, ${percentOff(apiRatio, API_TARGET)}% short`}${api.errors === 0 ? "" : `; ${api.errors} answers were errors or not 2xx`})`,
  );

  misses.push(...analytics.misses, ...handIn.misses, ...messages.misses);

  for (const w of f.weights) {
    target(
      w.jsGzipBytes <= JS_BUDGET_BYTES,
      `JavaScript on ${w.path}: ${kb(w.jsGzipBytes)} gzipped, its words (${kb(w.catalogueGzipBytes)}) included (budget ${kb(JS_BUDGET_BYTES)}, ${kb(w.jsGzipBytes - JS_BUDGET_BYTES)} over)`,
    );
  }

  const lhRow = (label: string, r: LighthouseFigures) =>
    `| ${label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${ms(r.lcpMs)} | ${ms(r.tbtMs)} | ${clsText(r.cls)} | ${kb(r.bytes)} | ${r.thirdParty} |` +
    (r.problem ? `\n\n> ${label}: Lighthouse could not measure everything: ${r.problem}\n` : "");
  const sameBytesRatio = (r: Figures) => {
    const floor = sameBytes.get(r.bytesPerResponse);
    return floor ? (r.rps / floor.rps).toFixed(2) : "";
  };

  const results = `# Benchmark results

Measured by \`npm run bench\` on ${f.date}, commit ${f.commit}, Node ${f.node}: ${f.cpu},
${f.cores} cores, ${f.memoryGiB.toFixed(0)} GiB. 12 published episodes and 12 published clips, embedded
PostgreSQL, the built app started as \`npm start\` runs it. Lighthouse ${f.versions.lighthouse} drives Debian's Chromium (the
median of ${f.lighthouseRuns} runs per page); autocannon ${f.versions.autocannon} runs ${f.load.connections} connections for
${f.load.seconds} s per URL after a ${f.load.warmupSeconds} s warm-up, with a browser's \`Accept-Encoding\`. All on loopback, in one run.

## Lighthouse

The home page as full as a real show's: the 12 published episodes and 12 published clips above, with
the owner's banners and host photos (large camera JPEGs). Targets: mobile performance ${LIGHTHOUSE_MOBILE_TARGET} or more and
CLS 0 on \`/\`, the episode page, the clip page and \`/archive\`; \`/about\` and the desktop runs are reported, not held to a target.

| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | bytes | third-party requests |
|---|---|---|---|---|---|---|---|---|---|
${lhRow("/ (mobile)", lh.homeMobile)}
${lhRow("clip page (mobile)", lh.clipMobile)}
${lhRow("episode page (mobile)", lh.episodeMobile)}
${lhRow("/archive (mobile)", lh.archiveMobile)}
${lhRow("/about with the owner's photos (mobile)", lh.aboutMobile)}
${lhRow("/ (desktop)", lh.homeDesktop)}
${lhRow("clip page (desktop)", lh.clipDesktop)}

## JavaScript per public page

What Chromium loads for each page on a first visit (an empty cache) until the page has gone idle,
chunks loaded on idle included, each script counted gzipped, with the words the page carries for
its scripts (its catalogue, the \`messages\` script of its HTML) counted in too (e2e/js-weight.ts,
the measure of the browser tests; budget ${kb(JS_BUDGET_BYTES)}, the target; goal ${kb(JS_GOAL_BYTES)}).

| page | JavaScript, gzipped, its words included | of which its words (catalogue), gzipped | scripts | requests to other hosts |
|---|---|---|---|---|
${f.weights.map((w) => `| \`${w.path}\` | ${kb(w.jsGzipBytes)} | ${kb(w.catalogueGzipBytes)} (${percent(w.catalogueGzipBytes, w.jsGzipBytes)}) | ${w.scripts.length} | ${w.foreign.length} |`).join("\n")}

## Load (${f.load.connections} connections, ${f.load.seconds} s each)

"Fast path": an anonymous GET answered from memory before Express; "through Express": the same
address asked with \`Cache-Control: no-cache\`, which the fast path leaves to Express (helmet, the
request logger, the router, the same in-memory cache): the same response, byte for byte.
Targets: each page's fast path (\`/\`, \`/clips/{slug}\`, \`/episode/{slug}\`, \`/archive\`) at ${PAGE_TARGET} or more in the
"same bytes" column, and \`GET /api/episodes\`'s fast path at ${API_TARGET.toFixed(1)} or more in the "Express floor" column;
the rows through Express and the p99s are reported, not held to a target.

| URL | requests/s | p50 | p99 | bytes per response | × Express floor | × node:http floor | × node:http, same bytes | errors |
|---|---|---|---|---|---|---|---|---|
${rows.map(([label, r]) => `| ${label} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${r.bytesPerResponse} | ${(r.rps / f.floors.express.rps).toFixed(2)} | ${(r.rps / f.floors.node.rps).toFixed(2)} | ${sameBytesRatio(r)} | ${r.errors} |`).join("\n")}

"Same bytes": a bare node:http server (\`floor.mjs\`, FLOOR=bytes) sending as many bytes per answer
as the row's (autocannon's bytes per answer, headers included), measured the same way in this run, after the pages: ${f.sameBytes.map(([bytes, r]) => `${bytes} B at ${Math.round(r.rps)} requests/s`).join(", ")}.

## Behind nginx

Debian's nginx with \`deploy/nginx/podcast-site.conf\` (TLS, one worker) and, beside it, a
plain-HTTP proxy to the same upstream. "Two instances" adds a second app on the same database;
on two cores that shows correctness and overhead, not a speed-up. nginx's own cost is the
plain-HTTP rows'; the TLS rows add encryption, whose other half (the load generator decrypting)
runs on the same two cores. Reported, not held to a target.

| via | URL | requests/s | p50 | p99 | × floor | × direct fast path | errors |
|---|---|---|---|---|---|---|---|
${f.serving.proxied.map(({ name: via, path: p, figures: r }) => `| ${via} | ${name(p)} | ${Math.round(r.rps)} | ${r.p50} ms | ${r.p99} ms | ${(r.rps / f.floors.express.rps).toFixed(2)} | ${(r.rps / directFast(p).rps).toFixed(2)} | ${r.errors} |`).join("\n")}

## The home page's weight

| published episodes | 12 | 200 | 2,000 |
|---|---|---|---|
| \`GET /\` HTML with its first-screen data, gzipped | ${kb(f.homeGzipBytes[12])} | ${kb(f.homeGzipBytes[200])} | ${kb(f.homeGzipBytes[2000])} |

## Feed import

A generated feed of ${f.feed.items} items (${kb(f.feed.feedBytes)}, HTML show notes) served from loopback into an empty episode list.

| | |
|---|---|
| first import (${f.feed.added} episodes added) | ${ms(f.feed.importMs)} |
| re-sync, the host answers 304 | ${ms(f.feed.notModifiedMs)} |
| re-sync, the same bytes without validators | ${ms(f.feed.sameBytesMs)} |
| Node resident memory growth while importing | ${f.feed.rssGrowthMb.toFixed(0)} MB |

A second feed of ${f.people.items} items naming ${f.people.personTags.toLocaleString("en")} people (podcast:person: a host, one of 150 guests and a producer each), with support links, a podroll and socialInteract (${kb(f.people.feedBytes)}), imported after it (docs/product.md "Listening"):

| | |
|---|---|
| first import (${f.people.added} episodes added, their people and pages) | ${ms(f.people.importMs)} |

${handIn.markdown}
${analytics.section}
${messages.section}
${memoryReducerReport(f.reducer, f.node)}
## Start and memory

| | |
|---|---|
| first start (creates the PostgreSQL cluster) to healthy | ${ms(f.start.firstMs)} |
| cold start (existing data) to healthy | ${ms(f.start.coldMs)} |
| Node resident memory, idle | ${f.memory.idleRssMb.toFixed(0)} MB |
| Node resident memory, peak under load | ${f.memory.peakRssMb.toFixed(0)} MB |
| embedded PostgreSQL, all processes, idle | ${f.memory.idlePostgresMb.toFixed(0)} MB |

## Targets

The targets this report holds, and only these: the product's, set to what this 2-core machine can
show, as bench/README.md ("Targets") words them, the JavaScript budget as ARCHITECTURE.md states it:

- Lighthouse mobile performance ${LIGHTHOUSE_MOBILE_TARGET} or more and CLS 0 on \`/\`, an episode page, a clip page and \`/archive\`,
  with the home page as full as a real show's;
- each page (\`/\`, \`/clips/{slug}\`, \`/episode/{slug}\`, \`/archive\`, from the fast path) at ${PAGE_TARGET}× or more the
  requests/s of a bare \`node:http\` server sending the same bytes, in this run;
- \`GET /api/episodes\` at ${API_TARGET.toFixed(1)}× or more the Express hello-world floor, in this run;
- the beacons (\`POST /api/events\`) at ${BEACON_TARGET}× or more the bare beacon server, in the same run;
- the audition hand-in, start to checked, within ${HAND_IN_TARGET}× the time of the bare Node server taking the same parts;
- a 3-minute voice message (about 2 MB) stored, \`POST /api/messages\` and its recording's \`PUT\`, in under ${VOICE_TARGET_MS / 1000} s on loopback, and
  the owner's inbox of 1,000 messages (\`GET /api/messages\`) in under ${INBOX_TARGET_MS} ms;
- the JavaScript of each public page, its words included, at most ${kb(JS_BUDGET_BYTES)} gzipped.

Everything else above (accessibility, best practices and SEO, requests to other hosts, \`/about\` and desktop
Lighthouse, the p99s and the rows through Express, nginx's cost, the home page's HTML as episodes are added, the feed
and people imports, the hand-in's memory and its time against \`cp\`, the beacons at a steady rate, memory after the
flood and the year's report, the message's challenge and its POST and PUT apart, the inbox's size, cold start and memory) is measured and reported, and is not a target.

${misses.length === 0 ? "Every target is met." : `Missed:\n\n${misses.map((m) => `- ${m}`).join("\n")}`}
`;

  const readmeBlock = [
    "<!-- bench:start -->",
    `Latest \`npm run bench\` (${f.date}, commit ${f.commit}, Node ${f.node}, ${f.cpu}, ${f.cores} cores; details in [bench/RESULTS.md](bench/RESULTS.md)):`,
    "",
    "| | / | clip page |",
    "|---|---|---|",
    `| Lighthouse mobile: performance, accessibility, best practices, SEO | ${lh.homeMobile.performance}, ${lh.homeMobile.accessibility}, ${lh.homeMobile.bestPractices}, ${lh.homeMobile.seo} | ${lh.clipMobile.performance}, ${lh.clipMobile.accessibility}, ${lh.clipMobile.bestPractices}, ${lh.clipMobile.seo} |`,
    `| Lighthouse mobile: LCP, CLS, third-party requests | ${ms(lh.homeMobile.lcpMs)}, ${clsText(lh.homeMobile.cls)}, ${lh.homeMobile.thirdParty} | ${ms(lh.clipMobile.lcpMs)}, ${clsText(lh.clipMobile.cls)}, ${lh.clipMobile.thirdParty} |`,
    "",
    `JavaScript per public page ${kb(Math.min(...f.weights.map((w) => w.jsGzipBytes)))} to ${kb(Math.max(...f.weights.map((w) => w.jsGzipBytes)))} gzipped, its words included; \`GET /api/episodes\` ${Math.round(api.rps)} requests/s (${apiRatio.toFixed(2)}× an Express hello-world, p99 ${api.p99} ms), \`GET /\` ${Math.round(directFast("/").rps)} requests/s (${sameBytesRatio(directFast("/"))}× a bare node:http server sending the same bytes, p99 ${directFast("/").p99} ms), through nginx with TLS ${(f.serving.proxied[0]!.figures.rps / directFast("/").rps).toFixed(2)}× of that; cold start ${ms(f.start.coldMs)}; ${f.memory.idleRssMb.toFixed(0)} MB resident when idle. ${misses.length === 0 ? "Every target of bench/README.md is met." : `${misses.length} of the targets of bench/README.md missed (see bench/RESULTS.md).`}`,
    "<!-- bench:end -->",
  ].join("\n");

  return { results, readmeBlock, misses };
}

/** Writes bench/RESULTS.md and the README's figures block, formatted as the rest of the repository is. */
export function writeReport(f: BenchFigures): string {
  const { results, readmeBlock } = benchReport(f);
  fs.writeFileSync(path.join(ROOT, "bench", "RESULTS.md"), results);
  const readmePath = path.join(ROOT, "README.md");
  const readme = fs.readFileSync(readmePath, "utf8");
  if (readme.includes("<!-- bench:start -->")) {
    fs.writeFileSync(
      readmePath,
      readme.replace(/<!-- bench:start -->[\s\S]*?<!-- bench:end -->/, () => readmeBlock),
    );
  }
  // npm test checks the format.
  execFileSync(
    process.execPath,
    [path.join(ROOT, "node_modules", "prettier", "bin", "prettier.cjs"), "--write", "bench/RESULTS.md", "README.md"],
    { cwd: ROOT, stdio: "ignore" },
  );
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((a) => a !== "--write") ?? FIGURES_FILE;
  const figures = readFigures(file);
  console.log(args.includes("--write") ? writeReport(figures) : benchReport(figures).results);
}
