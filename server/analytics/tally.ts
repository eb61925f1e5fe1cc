/**
 * What an instance has counted since its last write to the database (docs/analytics.md "How it
 * is collected and written"): plain counts per day, metric and key, and per visitor the facts that may make
 * them count once more (a first page view of the day, a first play of an episode...), which only
 * the database can decide across instances. Everything here is bounded: so many visitors, so
 * many distinct values per metric and day (the rest folded into "other"), so many facts per visitor.
 */

/** What is counted every time it happens. */
export type CountMetric = "pageviews" | "provider_clicks" | "clip_plays" | "shares";

/** What counts once per visitor and day: the site, a page, a referrer, an episode's play, its listen, its quarter marks. */
export type SeenKind = "site" | "page" | "referrer" | "play" | "listen" | "q25" | "q50" | "q75" | "q100";

/** The quarter marks' kinds, in order (25, 50, 75, 100 %). */
export const QUARTER_KINDS = ["q25", "q50", "q75", "q100"] as const satisfies readonly SeenKind[];

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

interface VisitorFacts {
  device: string;
  browser: string;
  /** `kind \t value`. */
  facts: Set<string>;
}

interface Day {
  counts: Map<CountMetric, Map<string, number>>;
  searches: Map<string, { count: number; results: number }>;
  visitors: Map<string, VisitorFacts>;
}

/** One visitor's fact of a day, as it is written. */
export interface SeenRow {
  day: string;
  kind: SeenKind;
  value: string;
  visitor: string;
  device: string;
  browser: string;
}

export interface TallyRows {
  counts: { day: string; metric: CountMetric; key: string; count: number }[];
  searches: { day: string; q: string; count: number; results: number }[];
  seen: SeenRow[];
}

const SEP = "\t";

/**
 * The distinct values an instance has let through, per day and figure, across its windows: once
 * a figure has `cap` of a day, any new one is "other" for the rest of that day, so a flood of
 * made-up values cannot add rows to the daily table window after window. Two days are kept.
 */
export class DayKeys {
  private readonly days = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly cap: number) {}

  admit(day: string, figure: string, key: string): string {
    let figures = this.days.get(day);
    if (!figures) {
      this.days.set(day, (figures = new Map()));
      const newest = [...this.days.keys()].sort().slice(-2);
      for (const d of this.days.keys()) if (!newest.includes(d)) this.days.delete(d);
    }
    let keys = figures.get(figure);
    if (!keys) figures.set(figure, (keys = new Set()));
    if (keys.has(key)) return key;
    if (keys.size >= this.cap) return OTHER;
    keys.add(key);
    return key;
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

  /** A search and how many episodes it found (the latest answer for the same words wins; `isOlder`: this one is not the latest). */
  search(day: string, q: string, results: number, by = 1, isOlder = false): void {
    const searches = this.day(day).searches;
    const k = this.keys.admit(day, "search", q);
    const entry = searches.get(k);
    if (entry) {
      entry.count += by;
      if (!isOlder) entry.results = results;
    } else {
      searches.set(k, { count: by, results });
    }
  }

  /** That `visitor` did what `kind` and `value` say on `day` (counted once per visitor when the database has not seen it yet). */
  seen(day: string, visitor: Visitor, kind: SeenKind, value: string): void {
    const d = this.day(day);
    let facts = d.visitors.get(visitor.key);
    if (!facts) {
      if (d.visitors.size >= this.caps.visitors) return;
      facts = { device: visitor.device, browser: visitor.browser, facts: new Set() };
      d.visitors.set(visitor.key, facts);
    }
    const fact = kind + SEP + this.keys.admit(day, kind, value);
    if (facts.facts.has(fact) || facts.facts.size >= this.caps.factsPerVisitor) return;
    facts.facts.add(fact);
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
        if (existing) for (const fact of facts.facts) existing.facts.add(fact);
        else renamed.set(to, facts);
      }
      d.visitors = renamed;
    }
  }

  /** Everything counted, as rows to write. */
  rows(): TallyRows {
    const rows: TallyRows = { counts: [], searches: [], seen: [] };
    for (const [day, d] of this.days) {
      for (const [metric, byKey] of d.counts) for (const [key, count] of byKey) rows.counts.push({ day, metric, key, count });
      for (const [q, { count, results }] of d.searches) rows.searches.push({ day, q, count, results });
      for (const [visitor, { device, browser, facts }] of d.visitors) {
        for (const fact of facts) {
          const at = fact.indexOf(SEP);
          rows.seen.push({ day, kind: fact.slice(0, at) as SeenKind, value: fact.slice(at + 1), visitor, device, browser });
        }
      }
    }
    return rows;
  }

  /** Takes in what another tally counted (one whose write failed), within this one's caps. */
  absorb(other: Tally): void {
    const { counts, searches, seen } = other.rows();
    for (const c of counts) this.count(c.day, c.metric, c.key, c.count);
    for (const s of searches) this.search(s.day, s.q, s.results, s.count, true);
    for (const s of seen) this.seen(s.day, { key: s.visitor, device: s.device, browser: s.browser }, s.kind, s.value);
  }
}
