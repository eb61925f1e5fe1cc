/**
 * `npm run bench`: seeds 12 published episodes and 12 published clips, and the owner's own
 * banners and host photos (large camera JPEGs), into a fresh embedded database, starts the built
 * app as `npm start` would, and writes bench/RESULTS.md: Lighthouse (mobile and desktop), the
 * JavaScript each public page loads in Chromium, load against an Express hello-world and a bare
 * node:http floor in the same run, a 1,000-item feed import, the home page's weight with 12, 200
 * and 2,000 episodes, a listener's voice message and an inbox of 1,000 messages, cold start and
 * memory. Figures are reported, never asserted: where one of the targets of bench/README.md
 * "Targets" is missed, the report says by how much, and nothing more than the figures show;
 * everything else is reported, not held to a target. The figures are saved to
 * bench/.tmp/figures.json, from which `npx tsx bench/report.ts` builds the report again.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";
import { measurePage, type PageWeight, sitemapPersonPath } from "../e2e/js-weight";
import { type AppProcess, Client, freePort, ROOT, sleep, startApp, tempDir } from "../scripts/faults/lib";
import { benchAuditionUpload } from "./audition-upload";
import { benchAnalytics } from "./analytics";
import { benchFeedImport } from "./feed-import";
import { benchMemoryReducer } from "./memory-reducer";
import { benchMessages } from "./messages";
import { benchPeopleImport } from "./people-import";
import { uploadOwnerImages } from "./owner-images";
import { type Figures, measure, measureFloorOf, OUTSIDER, seedShow } from "./outsider";
import { type BenchFigures, FIGURES_FILE, figuresJson, type LighthouseFigures, writeReport } from "./report";
import { measureServing } from "./serving";

const LIGHTHOUSE_RUNS = 3;
/** Further runs of a page allowed when Lighthouse could not record one (see medianLighthouse). */
const LIGHTHOUSE_RETRIES = 2;
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

function postgresRssMb(dataDir: string): number {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]);
    let total = rssMb(pid);
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
        if (ppid === pid) total += rssMb(Number(entry));
      } catch {
        /* gone */
      }
    }
    return total;
  } catch {
    return NaN;
  }
}

/** A page's HTML as a visitor's browser gets it: gzip. */
async function gzippedBytes(url: string): Promise<number> {
  const res = await fetch(url);
  return zlib.gzipSync(Buffer.from(await res.arrayBuffer())).length;
}

async function runLighthouse(url: string, formFactor: "mobile" | "desktop", origin: string): Promise<LighthouseFigures> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lh-profile-"));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROME_FLAGS, `--user-data-dir=${userDataDir}`],
  });
  try {
    const runner = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    const lhr = runner!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const requests = ((lhr.audits["network-requests"]?.details as { items?: { url: string }[] } | undefined)?.items ?? []).filter(
      (r) => !r.url.startsWith(origin) && !r.url.startsWith("data:"),
    );
    const failed = Object.values(lhr.audits).find(
      (a) =>
        a.scoreDisplayMode === "error" && ["largest-contentful-paint", "cumulative-layout-shift", "total-blocking-time"].includes(a.id),
    );
    return {
      problem: lhr.runtimeError?.message ?? failed?.errorMessage,
      recorded: !lhr.runtimeError,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      bytes: numeric("total-byte-weight"),
      thirdParty: requests.length,
    };
  } finally {
    chrome.kill();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** What this run measures: the commit (and whether the tree had changes), as `git` says. */
function commitOf(): string {
  const commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
  return dirty ? `${commit} with uncommitted changes` : commit;
}

/** The version of an installed package, from its own package.json. */
function versionOf(name: string): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
}

/** The JavaScript each public page loads in Chromium until idle (e2e/js-weight.ts, as the browser tests measure it). */
async function pageWeights(origin: string, paths: string[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const weights: PageWeight[] = [];
    for (const p of paths) weights.push(await measurePage(browser, origin, p));
    return weights;
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse's own advice on variance: run it several times and take the median. Three runs, the
 * one with the median performance score (its other figures with it). The first run of a page
 * after a restart also pays the server's first render of it; the next ones see what most
 * visitors get, the page from memory. A run Lighthouse could not record (a runtime error such as
 * NO_NAVSTART: its trace missed the navigation, so it has no scores) says nothing of the page: it
 * is run again, up to LIGHTHOUSE_RETRIES times per page, rather than counted as a score of 0; the
 * figures say when fewer runs than three were recorded.
 */
async function medianLighthouse(url: string, formFactor: "mobile" | "desktop", origin: string): Promise<LighthouseFigures> {
  const runs: LighthouseFigures[] = [];
  const failed: LighthouseFigures[] = [];
  for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS && attempt < LIGHTHOUSE_RUNS + LIGHTHOUSE_RETRIES; attempt++) {
    const run = await runLighthouse(url, formFactor, origin);
    (run.recorded ? runs : failed).push(run);
  }
  const unrecorded = `${failed.length} run(s) not recorded by Lighthouse (${[...new Set(failed.map((f) => f.problem))].join("; ")})`;
  if (runs.length === 0) return { ...failed[0]!, problem: unrecorded };
  const median = runs.sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)]!;
  if (runs.length < LIGHTHOUSE_RUNS) {
    return { ...median, problem: [median.problem, `the median of ${runs.length} recorded runs: ${unrecorded}`].filter(Boolean).join("; ") };
  }
  return median;
}

async function main() {
  // Figures from a Node the project does not support would describe nothing it runs on.
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "check-engines.mjs")], { stdio: "inherit" });
  const commit = commitOf();
  console.log("building...");
  execFileSync("npm", ["run", "-s", "build"], { cwd: ROOT, stdio: "inherit" });
  const dataDir = tempDir("bench");
  const port = await freePort();
  // The feed import reads a generated feed from loopback; the schedule stays off.
  const env = {
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    FEED_ALLOW_PRIVATE: "1",
    FEED_SYNC_MINUTES: "0",
  };

  let t = Date.now();
  let app: AppProcess = await startApp(env, port);
  const firstStartMs = Date.now() - t;
  const { clipPath, episodePath } = await seedShow(app);
  const client = new Client(app.url);
  await client.login();
  await client.request("POST", "/api/settings", { key: "podcast_description", value: "Conversations about pain and learning." });
  await uploadOwnerImages(client);
  await app.kill("SIGTERM");
  t = Date.now();
  app = await startApp(env, port);
  const coldStartMs = Date.now() - t;
  await sleep(2000);
  const idleRss = rssMb(app.child.pid!);
  const idlePg = postgresRssMb(dataDir);

  const clipUrl = app.url + clipPath;
  const episodeUrl = app.url + episodePath;
  const archiveUrl = `${app.url}/archive`;
  console.log("lighthouse...");
  const lh = {
    homeMobile: await medianLighthouse(`${app.url}/`, "mobile", app.url),
    clipMobile: await medianLighthouse(clipUrl, "mobile", app.url),
    episodeMobile: await medianLighthouse(episodeUrl, "mobile", app.url),
    aboutMobile: await medianLighthouse(`${app.url}/about`, "mobile", app.url),
    archiveMobile: await medianLighthouse(archiveUrl, "mobile", app.url),
    homeDesktop: await medianLighthouse(`${app.url}/`, "desktop", app.url),
    clipDesktop: await medianLighthouse(clipUrl, "desktop", app.url),
  };

  console.log("load...");
  const floors = { express: await measureFloorOf("express"), node: await measureFloorOf("node") };
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(app.child.pid!))), 250);
  const serving = await measureServing(app, dataDir, ["/", clipPath, "/api/episodes"]);
  const episodeResult = await measure(episodeUrl);
  const archiveResult = await measure(archiveUrl);
  clearInterval(sampler);
  // For each answer, a bare node:http server sending as many bytes: what the client and the
  // loopback allow at that size on this machine, whatever the server does.
  const sameBytes = new Map<number, Figures>();
  for (const f of [...serving.direct.map((d) => d.fast), episodeResult, archiveResult])
    if (!sameBytes.has(f.bytesPerResponse)) sameBytes.set(f.bytesPerResponse, await measureFloorOf("bytes", f.bytesPerResponse));
  console.log("feed import...");
  const loadClient = new Client(app.url);
  await loadClient.login();
  const home12 = await gzippedBytes(`${app.url}/`);
  const feed = await benchFeedImport(loadClient, app.child.pid!);
  const people = await benchPeopleImport(loadClient);
  console.log("page weights...");
  // A person's page exists once the people's feed is in: the first the sitemap names.
  const personPath = await sitemapPersonPath(app.url);
  const weights = await pageWeights(app.url, [
    "/",
    "/about",
    "/listen",
    "/archive",
    episodePath,
    clipPath,
    ...(personPath ? [personPath] : []),
    "/no-such-page",
  ]);
  const published = async (from: number, to: number) => {
    for (let i = from; i <= to; i++) {
      await loadClient.request("POST", "/api/episodes", {
        title: `Back catalogue ${i}`,
        audioUrl: `https://cdn.example/back/${i}.mp3`,
        description: "An older episode.",
        sortOrder: 100 + i,
      });
    }
  };
  // The feed import added a thousand drafts; published ones are what the home page weighs.
  await published(13, 200);
  const home200 = await gzippedBytes(`${app.url}/`);
  await published(201, 2000);
  const home2000 = await gzippedBytes(`${app.url}/`);
  await app.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log("audition upload...");
  const handIn = await benchAuditionUpload();
  console.log("analytics...");
  const analytics = await benchAnalytics();
  console.log("messages...");
  const messages = await benchMessages();
  console.log("memory reducer...");
  const reducer = await benchMemoryReducer();

  const figures: BenchFigures = {
    date: new Date().toISOString().slice(0, 10),
    commit,
    node: process.version,
    cpu: os.cpus()[0]?.model ?? "unknown CPU",
    cores: os.cpus().length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    versions: { lighthouse: versionOf("lighthouse"), autocannon: versionOf("autocannon") },
    lighthouseRuns: LIGHTHOUSE_RUNS,
    load: { connections: OUTSIDER.connections, seconds: OUTSIDER.seconds, warmupSeconds: OUTSIDER.warmupSeconds },
    paths: { clip: clipPath, episode: episodePath },
    lighthouse: lh,
    weights,
    floors,
    serving,
    episode: episodeResult,
    archive: archiveResult,
    sameBytes: [...sameBytes],
    homeGzipBytes: { 12: home12, 200: home200, 2000: home2000 },
    feed,
    people,
    handIn,
    analytics,
    messages,
    reducer,
    start: { firstMs: firstStartMs, coldMs: coldStartMs },
    memory: { idleRssMb: idleRss, peakRssMb: peakRss, idlePostgresMb: idlePg },
  };
  // Saved first: the report can be built again from them (bench/report.ts) whatever happens next.
  fs.mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  fs.writeFileSync(FIGURES_FILE, figuresJson(figures));
  // bench/RESULTS.md and the README's figures block, from this run.
  console.log(writeReport(figures));
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(err);
    process.exit(1);
  },
);
