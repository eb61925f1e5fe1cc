import type { KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  addDays,
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  daysBetween,
  utcDay,
  type AnalyticsEvent,
  type AnalyticsExportQuery,
  type AnalyticsRangeQuery,
  type AnalyticsReport,
} from "../../../shared/analytics";
import { FASTEST_PLAYBACK_RATE, isListen, LISTEN_SECONDS, quartersReached } from "../../../shared/listening";
import type { Db } from "../../platform/db/client";
import { AppError, words } from "../../platform/http/errors";
import { timeSlices } from "../../platform/runtime/time-slices";
import type { Logger } from "../../platform/runtime/logger";
import { onceEvery } from "../../platform/runtime/once-every";
import { createCollector, type Sender } from "./collect";
import { DEFAULT_NETWORK_CAPS, NetworkBudget, type NetworkBudgetCaps } from "./network-budget";
import { campaignOf, pageOf, searchText, sourceOf } from "./normalise";
import { createRateLimiter } from "../../platform/limits/per-minute";
import { buildReport, countedIds, REPORT_LIST_LIMIT, reportCsv, tableCsv, type ReportInput } from "./report";
import { forgetVisitorsBefore, readCatalogue, readSums, saltFor, writeTally, type Catalogue, type JudgeProgress } from "./storage";
import {
  DayKeys,
  DEFAULT_CAPS,
  QUARTER_KINDS,
  Tally,
  type ListenKind,
  type ProgressRow,
  type SeenRow,
  type TallyCaps,
  type TallyRows,
  type Visitor,
} from "./tally";
import { newSalt, saltKey, visitorKey } from "./visitor";

export interface AnalyticsOptions {
  /** How often this instance writes what it counted (default 5 s): a crash loses at most this much. */
  flushMs?: number;
  /** Beacons a network may send a minute (default 300). */
  perMinute?: number;
  caps?: Partial<TallyCaps>;
  /** How many new visitors one network may bring (default 30 an hour, 200 a day). */
  networks?: Partial<NetworkBudgetCaps>;
  /** The clock (tests move it across midnight). */
  now?: () => Date;
}

export interface AnalyticsDeps {
  db: Db;
  logger: Logger;
  /** PUBLIC_URL: its origin is the only one beacons may come from, its host is no referrer. */
  publicUrl: string;
  sessionCookieName: string;
  trustProxy?: boolean | number | string;
  /** Told of every beacon answered, for the metrics. */
  onAnswer?: (req: IncomingMessage, status: number, startedAt: bigint, route: string) => void;
  options?: AnalyticsOptions;
}

const DEFAULT_FLUSH_MS = 5_000;
const DAY_MS = 86_400_000;
const DEFAULT_PER_MINUTE = 300;
/** The catalogue (published slugs) is read again after a change notice, and at least this often. */
const CATALOGUE_MAX_AGE_MS = 60_000;
/**
 * How a visitor is keyed in memory: by their network and agent, behind this mark, until the write
 * hashes them under the day's salt (never stored as they are). Hashing there costs one HMAC per
 * visitor and write rather than one per beacon; a key without the mark is hashed already (a
 * window whose write failed, taken back in).
 */
const UNHASHED = "unhashed\n";
/** A claim's slack over what the fastest speed could have played: its rounding, and the beacons' way (seconds). */
const CLAIM_SLACK_SECONDS = 2;

/**
 * What a progress claim earns (docs/analytics.md "Figures one script cannot fake"): no more audio
 * than the player's fastest speed could have played since the play began, judged against the
 * episode's duration as the site knows it (the feed's, or the owner's). Without a known duration
 * a listen needs a full minute, and no quarter mark is counted.
 */
export function judgeProgress(durationOf: (episodeId: number) => number | null | undefined): JudgeProgress {
  return (claim: ProgressRow, playedAt: number) => {
    const couldHavePlayed = (Math.max(0, claim.at - playedAt) / 1000) * FASTEST_PLAYBACK_RATE + CLAIM_SLACK_SECONDS;
    const played = Math.min(claim.played, couldHavePlayed);
    const duration = durationOf(Number(claim.value)) ?? null;
    const kinds: ListenKind[] = [];
    if (duration ? isListen(played, duration) : played >= LISTEN_SECONDS) kinds.push("listen");
    if (duration) kinds.push(...QUARTER_KINDS.slice(0, quartersReached(played, duration)));
    return kinds;
  };
}

export interface Analytics {
  /** `POST /api/events`, in the request handler before Express; false for any other request. */
  collect(req: IncomingMessage, res: ServerResponse): boolean;
  /** `GET /api/analytics`. */
  report(query: AnalyticsRangeQuery): Promise<AnalyticsReport>;
  /** `GET /api/analytics/export.csv`: the range, the table ("days" without one) and its CSV. */
  csv(query: AnalyticsExportQuery): Promise<{ from: string; to: string; table: string; csv: string }>;
  /** The site's content changed (here or on another instance): episodes, clips or providers may have come or gone. */
  contentChanged(): void;
  /** Writes what is counted now (the schedule does it every few seconds). */
  flush(): Promise<void>;
  /** Stops the schedule and writes what is left (on shutdown, before the pool closes). */
  close(): Promise<void>;
}

/** The value a fact is written with (an episode's or clip's id for its slug), or null when it names nothing that exists. */
function resolvedValue(cat: Catalogue, s: SeenRow, pageExists: (path: string) => boolean): string | null {
  switch (s.kind) {
    case "site":
    case "referrer":
    case "campaign":
    case "share":
      return s.value;
    case "page":
      return pageExists(s.value) ? s.value : null;
    case "provider":
      return cat.providers.has(Number(s.value)) ? s.value : null;
    case "clip": {
      const id = cat.clips.get(s.value);
      return id === undefined ? null : String(id);
    }
    default: {
      const id = cat.episodes.get(s.value);
      return id === undefined ? null : String(id);
    }
  }
}

/** The range a query names: the last 30 days by default; a bad or backwards range, or one over 366 days, is 400. */
export function resolveRange(query: AnalyticsRangeQuery, today: string): { from: string; to: string } {
  // Only a start: from there to today (or that one day, when it is still to come).
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (daysBetween(from, to) < 1)
    throw new AppError("VALIDATION", "error.rangeBackwards", { errors: [{ path: "from", message: words("error.fromAfterTo") }] });
  if (daysBetween(from, to) > ANALYTICS_MAX_DAYS) {
    throw new AppError("VALIDATION", "error.rangeTooLong", {
      values: { days: ANALYTICS_MAX_DAYS },
      errors: [{ path: "to", message: words("error.toTooFar", { days: ANALYTICS_MAX_DAYS }) }],
    });
  }
  return { from, to };
}

/** The published episodes, clips and providers, read again after a change notice and at least every minute. */
function createCatalogueCache(db: Db) {
  let catalogue: Catalogue | null = null;
  let readAt = 0;
  let isStale = true;
  const isKnown = () => catalogue !== null && !isStale;
  return {
    /** Published slugs that are known to be gone: a beacon naming one is dropped at once, before it takes memory. */
    isGone: (map: "episodes" | "clips", slug: string) => isKnown() && !catalogue![map].has(slug),
    /** A provider's id is counted unless the catalogue is known and does not list it. */
    mayBeProvider: (id: number) => !isKnown() || catalogue!.providers.has(id),
    markStale() {
      isStale = true;
    },
    /** The catalogue, read now when it is stale or older than a minute. */
    async current(): Promise<Catalogue> {
      if (isKnown() && Date.now() - readAt < CATALOGUE_MAX_AGE_MS) return catalogue!;
      // Marked fresh before the read: a change notice that arrives during it marks it stale again.
      isStale = false;
      readAt = Date.now();
      try {
        catalogue = await readCatalogue(db);
      } catch (err) {
        isStale = true;
        throw err;
      }
      return catalogue;
    },
  };
}
type CatalogueCache = ReturnType<typeof createCatalogueCache>;

/** Today's UTC day, as `utcDay` writes it: made again only when the clock has passed a midnight, not for every beacon. */
function createDayClock(now: () => Date): () => string {
  let dayNumber = NaN;
  let dayName = "";
  return () => {
    const n = Math.floor(now().getTime() / DAY_MS);
    if (n !== dayNumber) {
      dayNumber = n;
      dayName = utcDay(new Date(n * DAY_MS));
    }
    return dayName;
  };
}

/** What counting one beacon needs: the day's tally, the catalogue, the site's own host and the sender's network's budget. */
interface Counting {
  tally: Tally;
  day: string;
  at: number;
  visitor: Visitor;
  catalogue: CatalogueCache;
  ownHost: string;
  /** Whether the sender may put `value` forward for one of the day's names (network-budget.ts). */
  offer: (value: string) => () => boolean;
}

/** A page view: the page, the site and the page seen by the visitor, and where they came from. */
function countPageview(
  { tally, day, visitor, catalogue, ownHost, offer }: Counting,
  event: Extract<AnalyticsEvent, { type: "pageview" }>,
): void {
  const page = pageOf(event.value);
  if (!page || (page.episode && catalogue.isGone("episodes", page.episode)) || (page.clip && catalogue.isGone("clips", page.clip))) return;
  tally.count(day, "pageviews", page.path);
  tally.seen(day, visitor, "site", "");
  tally.seen(day, visitor, "page", page.path);
  const source = sourceOf(event, ownHost);
  if (source) tally.seen(day, visitor, "referrer", source, offer(`referrer\t${source}`));
  const campaign = campaignOf(event);
  if (campaign) tally.seen(day, visitor, "campaign", campaign, offer(`campaign\t${campaign}`));
}

/** One beacon counted in the tally, by its type; what names something gone counts nothing. */
function countEvent(c: Counting, event: AnalyticsEvent): void {
  const { tally, day, visitor, at, catalogue } = c;
  switch (event.type) {
    case "pageview":
      return countPageview(c, event);
    case "play":
      if (!catalogue.isGone("episodes", event.value)) tally.played(day, visitor, event.value, at);
      return;
    case "progress":
      // The duration it sends is not taken: the site's own is, when the claim is judged.
      if (!catalogue.isGone("episodes", event.value)) tally.progressed(day, visitor, event.value, event.played, at);
      return;
    case "provider":
      if (catalogue.mayBeProvider(Number(event.value))) tally.seen(day, visitor, "provider", String(Number(event.value)));
      return;
    case "clip":
      if (!catalogue.isGone("clips", event.value)) tally.seen(day, visitor, "clip", event.value);
      return;
    case "share":
      tally.seen(day, visitor, "share", event.value);
      return;
    case "search": {
      const q = searchText(event.value);
      if (q) tally.search(day, q, event.results, { mayOffer: c.offer(`search\t${q}`) });
      return;
    }
  }
}

/**
 * The window's slugs made ids (an episode, clip or page that is not published is dropped: it
 * may have been counted before the catalogue was known), and its visitors hashed under their
 * day's salt. Both run in slices of the event loop (platform/runtime/time-slices.ts): a full window (10,000
 * visitors, 30,000 facts) done in one go held every visitor's request for 70-80 ms.
 */
async function resolveWindow(window: Tally, salts: Map<string, KeyObject>, cat: Catalogue): Promise<TallyRows> {
  const slices = timeSlices();
  await window.rekeyVisitors((day, key) => {
    if (!key.startsWith(UNHASHED)) return key;
    const salt = salts.get(day);
    if (!salt) return null;
    const [network, userAgent] = key.slice(UNHASHED.length).split("\n");
    return visitorKey(salt, network!, userAgent!);
  }, slices.pause);
  const rows = window.rows();
  const pageExists = (path: string) => {
    const page = pageOf(path);
    if (!page) return path === "other";
    return (!page.episode || cat.episodes.has(page.episode)) && (!page.clip || cat.clips.has(page.clip));
  };
  rows.counts = rows.counts.filter((c) => pageExists(c.key));
  const seen: SeenRow[] = [];
  for (const s of rows.seen) {
    await slices.pause();
    const value = resolvedValue(cat, s, pageExists);
    if (value !== null) seen.push({ ...s, value });
  }
  rows.seen = seen;
  rows.progress = rows.progress.flatMap((p) => {
    const id = cat.episodes.get(p.value);
    return id === undefined ? [] : [{ ...p, value: String(id) }];
  });
  return rows;
}

/**
 * The tally being counted and its writes: one write at a time (a write asked for during another
 * runs after it); a window whose write failed is taken back in, within the caps.
 */
function createTallyWriter(db: Db, caps: TallyCaps, now: () => Date, catalogue: CatalogueCache) {
  const dayKeys = new DayKeys(caps.values);
  const salts = new Map<string, KeyObject>();
  let tally = new Tally(caps, dayKeys);
  let forgottenBefore = "";

  /** Today's and tomorrow's salts in memory (so the first beacons after midnight have theirs), from the database. */
  async function loadSalts(): Promise<void> {
    const today = utcDay(now());
    for (const day of [today, addDays(today, 1)]) if (!salts.has(day)) salts.set(day, saltKey(await saltFor(db, day, newSalt())));
    for (const day of salts.keys()) if (day < addDays(today, -1)) salts.delete(day);
  }

  /**
   * The hashes and salts of the days before yesterday go first, on every instance, busy or not.
   * An idle instance does nothing else: the salts and the catalogue are read when there is
   * something to key and check.
   */
  async function flushOnce(): Promise<void> {
    const keepFrom = addDays(utcDay(now()), -1);
    if (forgottenBefore !== keepFrom) {
      await forgetVisitorsBefore(db, keepFrom);
      forgottenBefore = keepFrom;
    }
    if (tally.isEmpty()) return;
    await loadSalts();
    const cat = await catalogue.current();
    const window = tally;
    tally = new Tally(caps, dayKeys);
    try {
      await writeTally(
        db,
        await resolveWindow(window, salts, cat),
        judgeProgress((id) => cat.durations.get(id)),
      );
    } catch (err) {
      // Kept for the next write, within the caps: nothing counted is lost while the database is away.
      tally.absorb(window);
      throw err;
    }
  }

  let flushing: Promise<void> = Promise.resolve();
  return {
    /** The tally beacons are counted in now. */
    current: () => tally,
    /** The last write asked for, settled either way. */
    flush(): Promise<void> {
      const run = flushing.then(flushOnce);
      flushing = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
  };
}

/**
 * The owner's analytics (docs/analytics.md): beacons counted in memory, written in one
 * transaction every few seconds by each instance (writes only add, so any number of instances
 * may), read back as daily sums.
 */
export function createAnalytics(deps: AnalyticsDeps): Analytics {
  const { db, logger } = deps;
  const options = deps.options ?? {};
  const now = options.now ?? (() => new Date());
  const ownHost = new URL(deps.publicUrl).hostname.toLowerCase();
  const networks = new NetworkBudget({ ...DEFAULT_NETWORK_CAPS, ...options.networks });
  const catalogue = createCatalogueCache(db);
  const writer = createTallyWriter(db, { ...DEFAULT_CAPS, ...options.caps }, now, catalogue);
  const currentDay = createDayClock(now);

  function record(event: AnalyticsEvent, sender: Sender): void {
    const day = currentDay();
    const at = now().getTime();
    // A network past its new visitors counts nothing more: not a visitor, not a view (docs/analytics.md).
    if (!networks.admits(day, sender.network, sender.userAgent, at)) return;
    const visitor: Visitor = {
      key: `${UNHASHED}${sender.network}\n${sender.userAgent}`,
      device: sender.agent.device,
      browser: sender.agent.browser,
    };
    const offer = (value: string) => () => networks.mayOffer(day, sender.network, sender.userAgent, value);
    countEvent({ tally: writer.current(), day, at, visitor, catalogue, ownHost, offer }, event);
  }

  const isRefusalLogDue = onceEvery(60_000);
  const collect = createCollector({
    origin: new URL(deps.publicUrl).origin,
    sessionCookieName: deps.sessionCookieName,
    trustProxy: deps.trustProxy,
    limiter: createRateLimiter({ perMinute: options.perMinute ?? DEFAULT_PER_MINUTE }),
    record,
    onAnswer: deps.onAnswer,
    onRefuse: (network, status, message) => {
      // Once per client and minute: a flood of refusals writes a line a minute, not one a request. No address is logged.
      if (isRefusalLogDue(network)) logger.info({ status, message }, "a client's beacons were refused (again this minute: not logged)");
    },
  });

  const { flush } = writer;
  const timer = setInterval(() => {
    flush().catch((err: unknown) => logger.warn({ err: (err as Error).message }, "writing the analytics failed; kept for the next try"));
  }, options.flushMs ?? DEFAULT_FLUSH_MS);
  timer.unref();
  // Yesterday's visitors' hashes may be due for deletion: at once, not only at the first write.
  flush().catch((err: unknown) =>
    logger.warn({ err: (err as Error).message }, "deleting old visitors' hashes failed; tried again shortly"),
  );

  async function sums(query: AnalyticsRangeQuery): Promise<ReportInput> {
    const { from, to } = resolveRange(query, utcDay(now()));
    return { from, to, ...(await readSums(db, from, to, REPORT_LIST_LIMIT, countedIds)) };
  }

  return {
    collect,
    report: async (query) => buildReport(await sums(query)),
    async csv(query) {
      const input = await sums(query);
      const csv = query.table === undefined ? reportCsv(input) : tableCsv(buildReport(input), query.table);
      return { from: input.from, to: input.to, table: query.table ?? "days", csv };
    },
    contentChanged: catalogue.markStale,
    flush,
    async close() {
      clearInterval(timer);
      await flush().catch((err: unknown) =>
        logger.warn({ err: (err as Error).message }, "the analytics of the last seconds could not be written before stopping"),
      );
    },
  };
}
