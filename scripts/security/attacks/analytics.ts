/**
 * The owner's figures against one script (docs/analytics.md "What one script can still do"):
 * beacons sent as a script would, from a few made-up networks (the app trusts X-Forwarded-For
 * here), and the figures each case added, read back from the owner's report. Counts only.
 */
import type { AnalyticsReport } from "../../../shared/analytics";
import { type AppProcess, Client, sleep } from "../../faults/lib";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const agent = (n: number) => CHROME.replace("Chrome/131.0.0.0", `Chrome/131.0.${n}.0`);
/** The app writes what it counted every 5 s: a figure is read once two writes have passed. */
const WRITE_WAIT_MS = 11_000;

type Totals = AnalyticsReport["totals"];

async function send(app: AppProcess, network: string, userAgent: string, event: unknown): Promise<number> {
  const res = await fetch(`${app.url}/api/events`, {
    method: "POST",
    headers: { Origin: app.url, "X-Forwarded-For": network, "User-Agent": userAgent, "Content-Type": "text/plain" },
    body: JSON.stringify(event),
  });
  await res.arrayBuffer();
  return res.status;
}

async function report(owner: Client): Promise<AnalyticsReport> {
  const r = await owner.request("GET", "/api/analytics");
  if (r.status !== 200) throw new Error(`the report answered ${r.status}`);
  return r.body as AnalyticsReport;
}

/** What `attack` added to the owner's totals, once the app has written it. */
async function added(owner: Client, attack: () => Promise<void>): Promise<{ totals: Totals; after: AnalyticsReport }> {
  const before = (await report(owner)).totals;
  await attack();
  await sleep(WRITE_WAIT_MS);
  const after = await report(owner);
  const totals = Object.fromEntries(Object.entries(after.totals).map(([k, v]) => [k, v - before[k as keyof Totals]])) as unknown as Totals;
  return { totals, after };
}

function verdict(problems: string[], bad: boolean, line: string): void {
  console.log(`  ${bad ? "NOT" : "ok "} ${line}`);
  if (bad) problems.push(line);
}

async function madeUpVisitors(app: AppProcess, owner: Client, problems: string[]): Promise<void> {
  const { totals } = await added(owner, async () => {
    for (let n = 0; n < 320; n++) await send(app, "198.51.100.7", agent(n), { type: "pageview", value: "/" });
  });
  verdict(
    problems,
    totals.visitors > 30 || totals.pageviews > 30,
    `320 page views from one network under 320 agents: visitors +${totals.visitors}, page views +${totals.pageviews} (bound 30)`,
  );
}

async function madeUpListens(app: AppProcess, owner: Client, problems: string[]): Promise<void> {
  const created = await owner.request("POST", "/api/episodes", {
    title: "An hour nobody heard",
    audioUrl: "https://cdn.example/never-fetched.mp3",
    durationSeconds: 3600,
    isPublished: true,
  });
  if (created.status !== 201) throw new Error(`creating the episode answered ${created.status}`);
  const slug = (created.body as { slug: string }).slug;
  const { totals, after } = await added(owner, async () => {
    for (let n = 0; n < 60; n++) {
      await send(app, "198.51.100.8", agent(n), { type: "play", value: slug });
      await send(app, "198.51.100.8", agent(n), { type: "progress", value: slug, played: 3600, duration: 3600 });
    }
    await send(app, "198.51.100.18", agent(1), { type: "progress", value: slug, played: 1, duration: 1 });
  });
  const reached = after.episodes.find((e) => e.slug === slug)?.reached ?? { "25": 0, "50": 0, "75": 0, "100": 0 };
  verdict(
    problems,
    totals.plays > 30 || totals.listens > 0 || Object.values(reached).some((n) => n > 0),
    `60 plays and 60 whole-hour claims at once, and 1 s of a made-up 1 s episode: plays +${totals.plays} (bound 30), listens +${totals.listens}, reached ${JSON.stringify(reached)} (bound 0)`,
  );
}

async function repeatedShares(app: AppProcess, owner: Client, problems: string[]): Promise<void> {
  const { totals } = await added(owner, async () => {
    for (let i = 0; i < 300; i++) await send(app, "198.51.100.9", agent(0), { type: "share", value: "x" });
  });
  verdict(problems, totals.shares > 1, `300 share beacons from one agent: shares +${totals.shares} (bound 1)`);
}

/** 500 made-up referrers and 500 made-up searches from ten networks, then real ones: the real keep their names. */
async function junkFirst(app: AppProcess, owner: Client, problems: string[]): Promise<void> {
  const { after } = await added(owner, async () => {
    for (let n = 0; n < 500; n++) {
      const network = `203.0.113.${n % 10}`;
      await send(app, network, agent(n % 25), { type: "pageview", value: "/", referrer: `junk${n}.example` });
      await send(app, network, agent(n % 25), { type: "search", value: `junk ${n}`, results: 0 });
    }
    for (let n = 0; n < 3; n++) {
      const network = `192.0.2.${n}`;
      await send(app, network, agent(0), { type: "pageview", value: "/", referrer: "news.example" });
      await send(app, network, agent(1), { type: "pageview", value: "/about", referrer: "", utm: "Newsletter" });
      await send(app, network, agent(0), { type: "search", value: "sleep and pain", results: 2 });
      await send(app, network, agent(0), { type: "search", value: "\u202Eniap", results: 0 });
    }
  });
  const named = [
    after.referrers.some((r) => r.source === "news.example"),
    after.referrers.some((r) => r.source === "newsletter"),
    after.searches.some((s) => s.q === "sleep and pain"),
  ];
  const hidden = after.searches.filter((s) => /[\p{Cc}\p{Bidi_Control}]/u.test(s.q)).length;
  verdict(
    problems,
    named.includes(false) || hidden > 0,
    `500 made-up referrers and searches first: the news site, the newsletter and the real search named ${named.map((n) => (n ? "yes" : "no")).join("/")}; searches holding bidirectional or control characters: ${hidden}`,
  );
}

export async function attackAnalytics(app: AppProcess): Promise<string[]> {
  const owner = new Client(app.url);
  await owner.login();
  const problems: string[] = [];
  await madeUpVisitors(app, owner, problems);
  await madeUpListens(app, owner, problems);
  await repeatedShares(app, owner, problems);
  await junkFirst(app, owner, problems);
  return problems;
}
