import type { KeyObject } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  addDays,
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  daysBetween,
  utcDay,
  type AnalyticsEvent,
  type AnalyticsRangeQuery,
  type AnalyticsReport,
} from "../../shared/analytics";
import { isListen, quartersReached } from "../../shared/listening";
import type { Db } from "../db/client";
import { AppError } from "../lib/errors";
import { timeSlices } from "../lib/time-slices";
import type { Logger } from "../lib/logger";
import { createCollector, type Sender } from "./collect";
import { pageOf, searchText, sourceOf } from "./normalise";
import { createRateLimiter } from "./rate-limit";
import { buildReport, countedIds, REPORT_LIST_LIMIT, reportCsv, type ReportInput } from "./report";
import { forgetVisitorsBefore, readCatalogue, readSums, saltFor, writeTally, type Catalogue } from "./storage";
import { DayKeys, DEFAULT_CAPS, QUARTER_KINDS, Tally, type TallyCaps, type TallyRows, type Visitor } from "./tally";
import { newSalt, saltKey, visitorKey } from "./visitor";

export interface AnalyticsOptions {
  /** How often this instance writes what it counted (default 5 s): a crash loses at most this much. */
  flushMs?: number;
  /** Beacons a network may send a minute (default 300). */
  perMinute?: number;
  caps?: Partial<TallyCaps>;
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

export interface Analytics {
  /** `POST /api/events`, in the request handler before Express; false for any other request. */
  collect(req: IncomingMessage, res: ServerResponse): boolean;
  /** `GET /api/analytics`. */
  report(query: AnalyticsRangeQuery): Promise<AnalyticsReport>;
  /** `GET /api/analytics/export.csv`: the range and its CSV. */
  csv(query: AnalyticsRangeQuery): Promise<{ from: string; to: string; csv: string }>;
  /** The site's content changed (here or on another instance): episodes, clips or providers may have come or gone. */
  contentChanged(): void;
  /** Writes what is counted now (the schedule does it every few seconds). */
  flush(): Promise<void>;
  /** Stops the schedule and writes what is left (on shutdown, before the pool closes). */
  close(): Promise<void>;
}

/** The range a query names: the last 30 days by default; a bad or backwards range, or one over 366 days, is 400. */
export function resolveRange(query: AnalyticsRangeQuery, today: string): { from: string; to: string } {
  // Only a start: from there to today (or that one day, when it is still to come).
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  const from = query.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
  if (daysBetween(from, to) < 1)
    throw new AppError("VALIDATION", "from must be on or before to", { errors: [{ path: "from", message: "must be on or before to" }] });
  if (daysBetween(from, to) > ANALYTICS_MAX_DAYS) {
    throw new AppError("VALIDATION", `A range is at most ${ANALYTICS_MAX_DAYS} days`, {
      errors: [{ path: "to", message: `must be at most ${ANALYTICS_MAX_DAYS} days after from` }],
    });
  }
  return { from, to };
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
  const caps = { ...DEFAULT_CAPS, ...options.caps };
  const ownHost = new URL(deps.publicUrl).hostname.toLowerCase();
  const salts = new Map<string, KeyObject>();
  const dayKeys = new DayKeys(caps.values);
  let tally = new Tally(caps, dayKeys);
  let catalogue: Catalogue | null = null;
  let catalogueReadAt = 0;
  let isCatalogueStale = true;
  let forgottenBefore = "";

  /** Published slugs that are known to be gone: a beacon naming one is dropped at once, before it takes memory. */
  const isGone = (map: "episodes" | "clips", slug: string) => catalogue !== null && !isCatalogueStale && !catalogue[map].has(slug);

  /** Today's UTC day, as `utcDay` writes it: made again only when the clock has passed a midnight, not for every beacon. */
  let dayNumber = NaN;
  let dayName = "";
  function currentDay(): string {
    const n = Math.floor(now().getTime() / DAY_MS);
    if (n !== dayNumber) {
      dayNumber = n;
      dayName = utcDay(new Date(n * DAY_MS));
    }
    return dayName;
  }

  function record(event: AnalyticsEvent, sender: Sender): void {
    const day = currentDay();
    const visitor: Visitor = {
      key: `${UNHASHED}${sender.network}\n${sender.userAgent}`,
      device: sender.agent.device,
      browser: sender.agent.browser,
    };
    switch (event.type) {
      case "pageview": {
        const page = pageOf(event.value);
        if (!page || (page.episode && isGone("episodes", page.episode)) || (page.clip && isGone("clips", page.clip))) return;
        tally.count(day, "pageviews", page.path);
        tally.seen(day, visitor, "site", "");
        tally.seen(day, visitor, "page", page.path);
        const source = sourceOf(event, ownHost);
        if (source) tally.seen(day, visitor, "referrer", source);
        return;
      }
      case "play":
        if (!isGone("episodes", event.value)) tally.seen(day, visitor, "play", event.value);
        return;
      case "progress": {
        if (isGone("episodes", event.value)) return;
        if (isListen(event.played, event.duration)) tally.seen(day, visitor, "listen", event.value);
        const quarters = quartersReached(event.played, event.duration);
        for (let q = 0; q < quarters; q++) tally.seen(day, visitor, QUARTER_KINDS[q]!, event.value);
        return;
      }
      case "provider": {
        const id = Number(event.value);
        if (catalogue === null || isCatalogueStale || catalogue.providers.has(id)) tally.count(day, "provider_clicks", String(id));
        return;
      }
      case "clip":
        if (!isGone("clips", event.value)) tally.count(day, "clip_plays", event.value);
        return;
      case "share":
        tally.count(day, "shares", event.value);
        return;
      case "search": {
        const q = searchText(event.value);
        if (q) tally.search(day, q, event.results);
        return;
      }
    }
  }

  const limiter = createRateLimiter({ perMinute: options.perMinute ?? DEFAULT_PER_MINUTE });
  const collect = createCollector({
    origin: new URL(deps.publicUrl).origin,
    sessionCookieName: deps.sessionCookieName,
    trustProxy: deps.trustProxy,
    limiter,
    record,
    onAnswer: deps.onAnswer,
  });

  /** Today's and tomorrow's salts in memory (so the first beacons after midnight have theirs), from the database. */
  async function loadSalts(): Promise<void> {
    const today = utcDay(now());
    for (const day of [today, addDays(today, 1)]) if (!salts.has(day)) salts.set(day, saltKey(await saltFor(db, day, newSalt())));
    for (const day of salts.keys()) if (day < addDays(today, -1)) salts.delete(day);
  }

  async function loadCatalogue(): Promise<void> {
    if (!isCatalogueStale && Date.now() - catalogueReadAt < CATALOGUE_MAX_AGE_MS) return;
    // Marked fresh before the read: a change notice that arrives during it marks it stale again.
    isCatalogueStale = false;
    catalogueReadAt = Date.now();
    try {
      catalogue = await readCatalogue(db);
    } catch (err) {
      isCatalogueStale = true;
      throw err;
    }
  }

  /**
   * The window's slugs made ids (an episode, clip or page that is not published is dropped: it
   * may have been counted before the catalogue was known), and its visitors hashed under their
   * day's salt. Both run in slices of the event loop (lib/time-slices.ts): a full window (10,000
   * visitors, 30,000 facts) done in one go held every visitor's request for 70-80 ms.
   */
  async function resolve(window: Tally): Promise<TallyRows> {
    const slices = timeSlices();
    await window.rekeyVisitors((day, key) => {
      if (!key.startsWith(UNHASHED)) return key;
      const salt = salts.get(day);
      if (!salt) return null;
      const [network, userAgent] = key.slice(UNHASHED.length).split("\n");
      return visitorKey(salt, network!, userAgent!);
    }, slices.pause);
    const rows = window.rows();
    const cat = catalogue!;
    const pageExists = (path: string) => {
      const page = pageOf(path);
      if (!page) return path === "other";
      return (!page.episode || cat.episodes.has(page.episode)) && (!page.clip || cat.clips.has(page.clip));
    };
    rows.counts = rows.counts.flatMap((c) => {
      if (c.metric === "pageviews") return pageExists(c.key) ? [c] : [];
      if (c.metric === "clip_plays") {
        const id = cat.clips.get(c.key);
        return id === undefined ? [] : [{ ...c, key: String(id) }];
      }
      if (c.metric === "provider_clicks") return cat.providers.has(Number(c.key)) ? [c] : [];
      return [c];
    });
    const seen: TallyRows["seen"] = [];
    for (const s of rows.seen) {
      await slices.pause();
      if (s.kind === "site" || s.kind === "referrer") seen.push(s);
      else if (s.kind === "page") {
        if (pageExists(s.value)) seen.push(s);
      } else {
        const id = cat.episodes.get(s.value);
        if (id !== undefined) seen.push({ ...s, value: String(id) });
      }
    }
    rows.seen = seen;
    return rows;
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
    await loadCatalogue();
    const window = tally;
    tally = new Tally(caps, dayKeys);
    try {
      await writeTally(db, await resolve(window));
    } catch (err) {
      // Kept for the next write, within the caps: nothing counted is lost while the database is away.
      tally.absorb(window);
      throw err;
    }
  }

  /** The last write asked for, settled either way: one write at a time, and one asked for during another runs after it. */
  let flushing: Promise<void> = Promise.resolve();
  function flush(): Promise<void> {
    const run = flushing.then(flushOnce);
    flushing = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  const flushMs = options.flushMs ?? DEFAULT_FLUSH_MS;
  const timer = setInterval(() => {
    flush().catch((err: unknown) => logger.warn({ err: (err as Error).message }, "writing the analytics failed; kept for the next try"));
  }, flushMs);
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
      return { from: input.from, to: input.to, csv: reportCsv(input) };
    },
    contentChanged() {
      isCatalogueStale = true;
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush().catch((err: unknown) =>
        logger.warn({ err: (err as Error).message }, "the analytics of the last seconds could not be written before stopping"),
      );
    },
  };
}
