/**
 * What an instance has counted since its last write to the database (docs/analytics.md "How it
 * is collected and written"): plain counts per day, metric and key, and per visitor the facts that may make
 * them count once more (a first page view of the day, a first play of an episode...), which only
 * the database can decide across instances. Everything here is bounded: so many visitors, so
 * many distinct values per metric and day (the rest folded into "other"), so many facts per visitor.
 */

import { NamedValues, type NamingCaps } from "./heavy-hitters";

/** What is counted every time it happens. */
export type CountMetric = "pageviews";

/**
 * What counts once per visitor and day: the site, a page, a referrer, an episode's play, its
 * listen, its quarter marks, a provider's link, a clip's poster, a share button.
 */
export type SeenKind = "site" | "page" | "referrer" | "campaign" | "play" | ListenKind | "provider" | "clip" | "share";

/** The facts a play's progress may bring, judged when written against the play's time (docs/analytics.md). */
export type ListenKind = "listen" | "q25" | "q50" | "q75" | "q100";

/** The quarter marks' kinds, in order (25, 50, 75, 100 %). */
export const QUARTER_KINDS = ["q25", "q50", "q75", "q100"] as const satisfies readonly ListenKind[];

/** Where values beyond a cap go. */
export const OTHER = "other";

export interface TallyCaps {
  /** Distinct visitors per day in one window; more are not counted as visitors until the next. */
  visitors: number;
  /** Distinct keys per metric and day on an instance (paths, referrers, searches...); more fold into "other". */
  values: number;
  /** Facts per visitor, day and window (pages seen, episodes played...). */
  factsPerVisitor: number;
}

export const DEFAULT_CAPS: TallyCaps = { visitors: 10_000, values: 500, factsPerVisitor: 64 };

/** A visitor of one day: their key, and their device kind and browser family. */
export interface Visitor {
  key: string;
  device: string;
  browser: string;
}

/** The most a visitor's player claims to have played of an episode, and when it last said so (ms). */
interface ProgressClaim {
  played: number;
  at: number;
}

interface VisitorFacts {
  device: string;
  browser: string;
  /** `kind \t value`. */
  facts: Set<string>;
  /** When this window first heard each episode (by slug) start playing, in ms. */
  playedAt: Map<string, number>;
  /** What each episode's progress claims, by slug. */
  progress: Map<string, ProgressClaim>;
}

interface Day {
  counts: Map<CountMetric, Map<string, number>>;
  searches: Map<string, { count: number; results: number }>;
  visitors: Map<string, VisitorFacts>;
}

/** One visitor's fact of a day, as it is written; a play's also says when it began (ms). */
export interface SeenRow {
  day: string;
  kind: SeenKind;
  value: string;
  visitor: string;
  device: string;
  browser: string;
  at?: number;
}

/** A visitor's claim of how much of an episode they played, to be judged when written. */
export interface ProgressRow extends ProgressClaim {
  day: string;
  /** The episode (its slug in memory, its id once resolved). */
  value: string;
  visitor: string;
}

export interface TallyRows {
  counts: { day: string; metric: CountMetric; key: string; count: number }[];
  searches: { day: string; q: string; count: number; results: number }[];
  seen: SeenRow[];
  progress: ProgressRow[];
}

const SEP = "\t";

/**
 * Figures whose values anyone may make up (where visitors came from, what they searched): they
 * keep the values seen most, not the first ones (heavy-hitters.ts). Every other figure's values
 * are pages, episodes, clips and providers that exist, or share buttons: first come, as capped.
 */
const OPEN_FIGURES = new Set(["referrer", "campaign", "search"]);

/**
 * The distinct values an instance has let through, per day and figure, across its windows: once
 * a figure has `cap` of a day, any new one is "other" for the rest of that day, so a flood of
 * made-up values cannot add rows to the daily table window after window; an open figure names
 * values past that as NamedValues decides, up to 8 times the cap. Two days are kept.
 */
export class DayKeys {
  private readonly days = new Map<string, Map<string, Set<string> | NamedValues>>();
  private readonly naming: NamingCaps;

  constructor(private readonly cap: number) {
    this.naming = { free: cap, most: cap * 8, watched: cap * 4 };
  }

  /** The key `key` is counted under on `day`; `mayOffer` says whether an open figure's new value may be put forward for a name. */
  admit(day: string, figure: string, key: string, mayOffer?: () => boolean): string {
    if (key === OTHER) return OTHER;
    let figures = this.days.get(day);
    if (!figures) {
      this.days.set(day, (figures = new Map()));
      const newest = [...this.days.keys()].sort().slice(-2);
      for (const d of this.days.keys()) if (!newest.includes(d)) this.days.delete(d);
    }
    let keys = figures.get(figure);
    if (!keys) figures.set(figure, (keys = OPEN_FIGURES.has(figure) ? new NamedValues(this.naming) : new Set()));
    if (keys instanceof NamedValues) return keys.admit(key, mayOffer) ?? OTHER;
    if (keys.has(key)) return key;
    if (keys.size >= this.cap) return OTHER;
    keys.add(key);
    return key;
  }
}

/** Takes `from`'s facts into `into` (two keys that turned out to be one visitor): the earliest play, the most claimed. */
function merge(into: VisitorFacts, from: VisitorFacts): void {
  for (const fact of from.facts) into.facts.add(fact);
  for (const [episode, at] of from.playedAt) into.playedAt.set(episode, Math.min(at, into.playedAt.get(episode) ?? at));
  for (const [episode, claim] of from.progress) {
    const known = into.progress.get(episode);
    into.progress.set(episode, known ? { played: Math.max(known.played, claim.played), at: Math.max(known.at, claim.at) } : claim);
  }
}

export class Tally {
  private readonly days = new Map<string, Day>();

  constructor(
    private readonly caps: TallyCaps = DEFAULT_CAPS,
    private readonly keys: DayKeys = new DayKeys(caps.values),
  ) {}

  private day(day: string): Day {
    let d = this.days.get(day);
    if (!d) {
      d = { counts: new Map(), searches: new Map(), visitors: new Map() };
      this.days.set(day, d);
    }
    return d;
  }

  count(day: string, metric: CountMetric, key: string, by = 1): void {
    const counts = this.day(day).counts;
    let byKey = counts.get(metric);
    if (!byKey) counts.set(metric, (byKey = new Map()));
    const k = this.keys.admit(day, metric, key);
    byKey.set(k, (byKey.get(k) ?? 0) + by);
  }

  /**
   * A search and how many episodes it found (the latest answer for the same words wins; `isOlder`:
   * this one is not the latest); `mayOffer` as DayKeys.admit's.
   */
  search(
    day: string,
    q: string,
    results: number,
    { by = 1, isOlder = false, mayOffer }: { by?: number; isOlder?: boolean; mayOffer?: () => boolean } = {},
  ): void {
    const searches = this.day(day).searches;
    const k = this.keys.admit(day, "search", q, mayOffer);
    const entry = searches.get(k);
    if (entry) {
      entry.count += by;
      if (!isOlder) entry.results = results;
    } else {
      searches.set(k, { count: by, results });
    }
  }

  private facts(day: string, visitor: Visitor): VisitorFacts | undefined {
    const d = this.day(day);
    let facts = d.visitors.get(visitor.key);
    if (!facts) {
      if (d.visitors.size >= this.caps.visitors) return undefined;
      facts = { device: visitor.device, browser: visitor.browser, facts: new Set(), playedAt: new Map(), progress: new Map() };
      d.visitors.set(visitor.key, facts);
    }
    return facts;
  }

  private isFull(facts: VisitorFacts): boolean {
    return facts.facts.size + facts.progress.size >= this.caps.factsPerVisitor;
  }

  /**
   * That `visitor` did what `kind` and `value` say on `day` (counted once per visitor when the
   * database has not seen it yet); `mayOffer` as DayKeys.admit's.
   */
  seen(day: string, visitor: Visitor, kind: SeenKind, value: string, mayOffer?: () => boolean): void {
    const facts = this.facts(day, visitor);
    if (!facts || facts.facts.has(kind + SEP + value)) return;
    const fact = kind + SEP + this.keys.admit(day, kind, value, mayOffer);
    if (facts.facts.has(fact) || this.isFull(facts)) return;
    facts.facts.add(fact);
  }

  /** That `visitor` started playing `episode` at `at` (ms): a play, timed from its first beacon. */
  played(day: string, visitor: Visitor, episode: string, at: number): void {
    this.seen(day, visitor, "play", episode);
    const facts = this.facts(day, visitor);
    if (facts?.facts.has(`play${SEP}${episode}`) && !facts.playedAt.has(episode)) facts.playedAt.set(episode, at);
  }

  /** That `visitor`'s player says it has played `played` seconds of `episode`, at `at` (ms): the most claimed is kept, with the latest time. */
  progressed(day: string, visitor: Visitor, episode: string, played: number, at: number): void {
    const facts = this.facts(day, visitor);
    if (!facts) return;
    const claim = facts.progress.get(episode);
    if (claim) {
      claim.played = Math.max(claim.played, played);
      claim.at = Math.max(claim.at, at);
    } else if (!this.isFull(facts)) {
      facts.progress.set(episode, { played, at });
    }
  }

  isEmpty(): boolean {
    return this.days.size === 0;
  }

  /**
   * The visitors' keys, made anew: `rename` gives each key's final form (null: drop the visitor).
   * `pause` is awaited before each visitor, for a caller that lets other work run in between.
   */
  async rekeyVisitors(rename: (day: string, key: string) => string | null, pause?: () => Promise<void>): Promise<void> {
    for (const [day, d] of this.days) {
      const renamed = new Map<string, VisitorFacts>();
      for (const [key, facts] of d.visitors) {
        await pause?.();
        const to = rename(day, key);
        if (to === null) continue;
        const existing = renamed.get(to);
        if (existing) merge(existing, facts);
        else renamed.set(to, facts);
      }
      d.visitors = renamed;
    }
  }

  /** Everything counted, as rows to write. */
  rows(): TallyRows {
    const rows: TallyRows = { counts: [], searches: [], seen: [], progress: [] };
    for (const [day, d] of this.days) {
      for (const [metric, byKey] of d.counts) for (const [key, count] of byKey) rows.counts.push({ day, metric, key, count });
      for (const [q, { count, results }] of d.searches) rows.searches.push({ day, q, count, results });
      for (const [visitor, { device, browser, facts, playedAt, progress }] of d.visitors) {
        for (const fact of facts) {
          const cut = fact.indexOf(SEP);
          const kind = fact.slice(0, cut) as SeenKind;
          const value = fact.slice(cut + 1);
          const at = kind === "play" ? playedAt.get(value) : undefined;
          rows.seen.push({ day, kind, value, visitor, device, browser, ...(at === undefined ? {} : { at }) });
        }
        for (const [value, claim] of progress) rows.progress.push({ day, value, visitor, ...claim });
      }
    }
    return rows;
  }

  /** Takes in what another tally counted (one whose write failed), within this one's caps. */
  absorb(other: Tally): void {
    const { counts, searches, seen, progress } = other.rows();
    for (const c of counts) this.count(c.day, c.metric, c.key, c.count);
    for (const s of searches) this.search(s.day, s.q, s.results, { by: s.count, isOlder: true });
    for (const s of seen) {
      const visitor = { key: s.visitor, device: s.device, browser: s.browser };
      if (s.at === undefined) this.seen(s.day, visitor, s.kind, s.value);
      else this.played(s.day, visitor, s.value, s.at);
    }
    for (const p of progress) {
      const visitor = { key: p.visitor, device: "", browser: "" };
      this.progressed(p.day, visitor, p.value, p.played, p.at);
    }
  }
}
