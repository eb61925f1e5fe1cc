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
} from "../../../shared/analytics";
import { FASTEST_PLAYBACK_RATE, isListen, LISTEN_SECONDS, quartersReached } from "../../../shared/listening";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { timeSlices } from "../../platform/runtime/time-slices";
import type { Logger } from "../../platform/runtime/logger";
import { onceEvery } from "../../platform/runtime/once-every";
import { createCollector, type Sender } from "./collect";
import { DEFAULT_NETWORK_CAPS, NetworkBudget, type NetworkBudgetCaps } from "./network-budget";
import { pageOf, searchText, sourceOf } from "./normalise";
import { createRateLimiter } from "../../platform/limits/per-minute";
import { buildReport, countedIds, REPORT_LIST_LIMIT, reportCsv, type ReportInput } from "./report";
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
  /** `GET /api/analytics/export.csv`: the range and its CSV. */
  csv(query: AnalyticsRangeQuery): Promise<{ from: string; to: string; csv: string }>;
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
  const networks = new NetworkBudget({ ...DEFAULT_NETWORK_CAPS, ...options.networks });
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

  /** Whether the sender may put `value` forward for one of the day's names (network-budget.ts). */
  const offerOf = (sender: Sender, day: string, value: string) => () => networks.mayOffer(day, sender.network, sender.userAgent, value);

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
    switch (event.type) {
      case "pageview": {
        const page = pageOf(event.value);
        if (!page || (page.episode && isGone("episodes", page.episode)) || (page.clip && isGone("clips", page.clip))) return;
        tally.count(day, "pageviews", page.path);
        tally.seen(day, visitor, "site", "");
        tally.seen(day, visitor, "page", page.path);
        const source = sourceOf(event, ownHost);
        if (source) tally.seen(day, visitor, "referrer", source, offerOf(sender, day, `referrer\t${source}`));
        return;
      }
      case "play":
        if (!isGone("episodes", event.value)) tally.played(day, visitor, event.value, at);
        return;
      case "progress":
        // The duration it sends is not taken: the site's own is, when the claim is judged.
        if (!isGone("episodes", event.value)) tally.progressed(day, visitor, event.value, event.played, at);
        return;
      case "provider": {
        const id = Number(event.value);
        if (catalogue === null || isCatalogueStale || catalogue.providers.has(id)) tally.seen(day, visitor, "provider", String(id));
        return;
      }
      case "clip":
        if (!isGone("clips", event.value)) tally.seen(day, visitor, "clip", event.value);
        return;
      case "share":
        tally.seen(day, visitor, "share", event.value);
        return;
      case "search": {
        const q = searchText(event.value);
        if (q) tally.search(day, q, event.results, { mayOffer: offerOf(sender, day, `search\t${q}`) });
        return;
      }
    }
  }

  const isRefusalLogDue = onceEvery(60_000);
  const limiter = createRateLimiter({ perMinute: options.perMinute ?? DEFAULT_PER_MINUTE });
  const collect = createCollector({
    origin: new URL(deps.publicUrl).origin,
    sessionCookieName: deps.sessionCookieName,
    trustProxy: deps.trustProxy,
    limiter,
    record,
    onAnswer: deps.onAnswer,
    onRefuse: (network, status, message) => {
      // Once per client and minute: a flood of refusals writes a line a minute, not one a request. No address is logged.
      if (isRefusalLogDue(network)) logger.info({ status, message }, "a client's beacons were refused (again this minute: not logged)");
    },
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
   * day's salt. Both run in slices of the event loop (platform/runtime/time-slices.ts): a full window (10,000
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
      const durations = catalogue!.durations;
      await writeTally(
        db,
        await resolve(window),
        judgeProgress((id) => durations.get(id)),
      );
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
