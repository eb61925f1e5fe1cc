import {
  addDays,
  ANALYTICS_CSV_COLUMNS,
  daysBetween,
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

/** `GET /api/analytics/export.csv`: the header row, then one row per day of the range. */
export function reportCsv(input: ReportInput): string {
  const lines = [ANALYTICS_CSV_COLUMNS.join(",")];
  for (const day of dayTotals(input)) lines.push(ANALYTICS_CSV_COLUMNS.map((column) => String(day[column])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
