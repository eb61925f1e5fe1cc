import { stringify } from "csv-stringify/sync";
import {
  addDays,
  ANALYTICS_CSV_COLUMNS,
  daysBetween,
  type AnalyticsExportTable,
  type AnalyticsDay,
  type AnalyticsReport,
  type AnalyticsTotals,
} from "../../../shared/analytics";

/** The longest lists the report gives (pages, referrers, searches...), the most frequent first. */
export const REPORT_LIST_LIMIT = 200;

/** What the database summed for a range (storage.ts), from which the report is made. */
export interface ReportInput {
  from: string;
  to: string;
  byKey: { metric: string; key: string; count: number }[];
  byDay: { day: string; metric: string; count: number }[];
  searchesByDay: { day: string; count: number }[];
  searches: { q: string; count: number; results: number }[];
  names: {
    episodes: { id: number; slug: string | null; title: string }[];
    clips: { id: number; slug: string; title: string }[];
    providers: { id: number; name: string }[];
  };
}

/** The daily metric behind each of the totals, and of the CSV's columns. */
const TOTAL_METRICS: Record<Exclude<keyof AnalyticsTotals, "searches">, string> = {
  pageviews: "pageviews",
  visitors: "site_visitors",
  plays: "plays",
  listens: "listens",
  providerClicks: "provider_clicks",
  clipPlays: "clip_plays",
  shares: "shares",
};

type DayTotals = AnalyticsTotals & { date: string };

/** Every total at zero: the daily metrics' and the searches'. */
const noTotals = () =>
  Object.fromEntries([...Object.keys(TOTAL_METRICS), "searches"].map((total) => [total, 0])) as Record<keyof AnalyticsTotals, number>;

/** The keys of `T` whose values are of type `V`. */
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T];

const byCountThenName =
  <T>(count: KeysOf<T, number>, name: KeysOf<T, string>) =>
  (a: T, b: T) =>
    (b[count] as number) - (a[count] as number) || (a[name] < b[name] ? -1 : a[name] > b[name] ? 1 : 0);

/** Every day of the range with its totals, zeros included. */
function dayTotals(input: ReportInput): DayTotals[] {
  const days = new Map<string, DayTotals>();
  for (let i = 0; i < daysBetween(input.from, input.to); i++) {
    const date = addDays(input.from, i);
    days.set(date, { date, ...noTotals() });
  }
  for (const { day, metric, count } of input.byDay) {
    const totals = days.get(day);
    if (!totals) continue;
    for (const [total, m] of Object.entries(TOTAL_METRICS)) if (m === metric) totals[total as keyof typeof TOTAL_METRICS] += count;
  }
  for (const { day, count } of input.searchesByDay) {
    const totals = days.get(day);
    if (totals) totals.searches += count;
  }
  return [...days.values()];
}

/** `GET /api/analytics` (docs/analytics.md "Reading"): every number an integer, every day of the range present. */
export function buildReport(input: ReportInput): AnalyticsReport {
  const perDay = dayTotals(input);
  const totals = noTotals();
  for (const day of perDay) for (const k of Object.keys(totals) as (keyof AnalyticsTotals)[]) totals[k] += day[k];
  const days: AnalyticsDay[] = perDay.map(({ date, pageviews, visitors, plays, listens }) => ({
    date,
    pageviews,
    visitors,
    plays,
    listens,
  }));

  const of = (metric: string) => {
    const sums = new Map<string, number>();
    for (const row of input.byKey) if (row.metric === metric) sums.set(row.key, (sums.get(row.key) ?? 0) + row.count);
    return sums;
  };
  const pageviews = of("pageviews");
  const pageVisitors = of("visitors");
  const pages = [...new Set([...pageviews.keys(), ...pageVisitors.keys()])]
    .map((path) => ({ path, pageviews: pageviews.get(path) ?? 0, visitors: pageVisitors.get(path) ?? 0 }))
    .sort(byCountThenName("pageviews", "path"))
    .slice(0, REPORT_LIST_LIMIT);
  const listOf = <K extends string>(metric: string, name: K) =>
    [...of(metric)]
      .map(([key, visitors]) => ({ key, visitors }))
      .sort(byCountThenName("visitors", "key"))
      .slice(0, REPORT_LIST_LIMIT)
      .map(({ key, visitors }) => ({ [name]: key, visitors }) as { [P in K]: string } & { visitors: number });

  const plays = of("plays");
  const listens = of("listens");
  const reached = [of("reached_25"), of("reached_50"), of("reached_75"), of("reached_100")] as const;
  const episodes = input.names.episodes
    .filter((e) => e.slug !== null)
    .map((e) => {
      const id = String(e.id);
      const at = (m: Map<string, number>) => m.get(id) ?? 0;
      return {
        slug: e.slug!,
        title: e.title,
        plays: at(plays),
        listens: at(listens),
        reached: { "25": at(reached[0]), "50": at(reached[1]), "75": at(reached[2]), "100": at(reached[3]) },
      };
    })
    .sort(byCountThenName("plays", "slug"));
  const clicks = of("provider_clicks");
  const providers = input.names.providers
    .map((p) => ({ id: p.id, name: p.name, clicks: clicks.get(String(p.id)) ?? 0 }))
    .sort(byCountThenName("clicks", "name"));
  const clipPlays = of("clip_plays");
  const clips = input.names.clips
    .map((c) => ({ slug: c.slug, title: c.title, plays: clipPlays.get(String(c.id)) ?? 0 }))
    .sort(byCountThenName("plays", "slug"));

  return {
    from: input.from,
    to: input.to,
    totals,
    days,
    pages,
    referrers: listOf("referrer_visitors", "source"),
    campaigns: listOf("campaign_visitors", "campaign"),
    episodes,
    providers,
    clips,
    searches: input.searches.map(({ q, count, results }) => ({ q, count, results })),
    devices: listOf("device_visitors", "kind"),
    browsers: listOf("browser_visitors", "name"),
  };
}

/** The ids the report names, for the names' query: episodes, clips and providers it counted. */
export function countedIds(byKey: ReportInput["byKey"]): { episodes: number[]; clips: number[]; providers: number[] } {
  const ids = (metrics: string[]) => [
    ...new Set(byKey.filter((r) => metrics.includes(r.metric) && /^\d{1,10}$/.test(r.key)).map((r) => Number(r.key))),
  ];
  return {
    episodes: ids(["plays", "listens", "reached_25", "reached_50", "reached_75", "reached_100"]),
    clips: ids(["clip_plays"]),
    providers: ids(["provider_clicks"]),
  };
}

/** A cell a spreadsheet would read as a formula (or as one after a tab or a carriage return): written with a `'` before it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A whole CSV file (RFC 4180, by csv-stringify): the header row, then the rows, each line ended by
 * CRLF; a cell holding a quote, a comma or a line break quoted, its quotes doubled; text that
 * could start a formula made harmless with a `'` before it.
 */
export function csvOf(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return stringify([header, ...rows] as (string | number)[][], {
    record_delimiter: "windows",
    quoted_match: /[\r\n]/,
    cast: { string: (value) => (FORMULA_START.test(value) ? `'${value}` : value) },
  });
}

/** A table's CSV columns: each a header (the JSON's field, an episode's quarters as `reached.25`...) and its cell. */
type Columns<Row> = readonly (readonly [header: string, cell: (row: Row) => string | number])[];
type TableRow<T extends AnalyticsExportTable> = AnalyticsReport[T][number];

const TABLE_COLUMNS: { [T in AnalyticsExportTable]: Columns<TableRow<T>> } = {
  pages: [
    ["path", (p) => p.path],
    ["pageviews", (p) => p.pageviews],
    ["visitors", (p) => p.visitors],
  ],
  episodes: [
    ["slug", (e) => e.slug],
    ["title", (e) => e.title],
    ["plays", (e) => e.plays],
    ["listens", (e) => e.listens],
    ...(["25", "50", "75", "100"] as const).map((q) => [`reached.${q}`, (e: TableRow<"episodes">) => e.reached[q]] as const),
  ],
  referrers: [
    ["source", (r) => r.source],
    ["visitors", (r) => r.visitors],
  ],
  campaigns: [
    ["campaign", (c) => c.campaign],
    ["visitors", (c) => c.visitors],
  ],
  searches: [
    ["q", (s) => s.q],
    ["count", (s) => s.count],
    ["results", (s) => s.results],
  ],
  providers: [
    ["id", (p) => p.id],
    ["name", (p) => p.name],
    ["clicks", (p) => p.clicks],
  ],
  clips: [
    ["slug", (c) => c.slug],
    ["title", (c) => c.title],
    ["plays", (c) => c.plays],
  ],
  devices: [
    ["kind", (d) => d.kind],
    ["visitors", (d) => d.visitors],
  ],
  browsers: [
    ["name", (b) => b.name],
    ["visitors", (b) => b.visitors],
  ],
};

/** A table of the report as CSV: the header row names the JSON's fields, then the table's rows. */
export function tableCsv<T extends AnalyticsExportTable>(report: AnalyticsReport, table: T): string {
  const columns = TABLE_COLUMNS[table] as Columns<TableRow<T>>;
  const rows = report[table] as readonly TableRow<T>[];
  return csvOf(
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, cell]) => cell(row))),
  );
}

/** `GET /api/analytics/export.csv` without a table: the header row, then one row per day of the range. */
export function reportCsv(input: ReportInput): string {
  return csvOf(
    ANALYTICS_CSV_COLUMNS,
    dayTotals(input).map((day) => ANALYTICS_CSV_COLUMNS.map((column) => day[column])),
  );
}
