import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { AnalyticsReport, AnalyticsTotals } from "@shared/analytics";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { analyticsCsvUrl, analyticsQueryOptions, type DayRange } from "../api";
import { changeOf, lastDays, PRESET_DAYS, previousRange, rangeProblem, todayUtc } from "./ranges";
import { DailyChart } from "./daily-chart";
import { FiguresTable, ReportTable, type Column } from "./report-table";

const TOTALS: { key: keyof AnalyticsTotals; label: string }[] = [
  { key: "pageviews", label: "Page views" },
  { key: "visitors", label: "Visitors" },
  { key: "plays", label: "Plays" },
  { key: "listens", label: "Listens" },
  { key: "providerClicks", label: "Platform clicks" },
  { key: "clipPlays", label: "Clip plays" },
  { key: "shares", label: "Shares" },
  { key: "searches", label: "Searches" },
];

const number = (n: number) => n.toLocaleString();
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–");
/** A column of counts, right-aligned. */
const counted = <K extends string>(label: string, key: K): Column<Record<K, number>> => ({
  label,
  cell: (row) => number(row[key]),
  isNumber: true,
});
/** The shares of an episode's plays that heard that much of it. */
const REACHED = ["25", "50", "75", "100"] as const;
const DEVICE_NAMES: Record<string, string> = { desktop: "Desktop", mobile: "Phone", tablet: "Tablet", tv: "TV", other: "Other" };

type Choice = (typeof PRESET_DAYS)[number] | "custom";

/** A day of the custom range, described by the range's problem while there is one. */
function DateInput({
  id,
  label,
  value,
  max,
  problem,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  max?: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="input"
        value={value}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? "analytics-range-problem" : undefined}
      />
    </div>
  );
}

function RangePicker({ range, onChange }: { range: DayRange; onChange: (range: DayRange) => void }) {
  const [choice, setChoice] = useState<Choice>(30);
  const [custom, setCustom] = useState<DayRange>(range);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = (next: Choice) => {
    setChoice(next);
    setProblem(null);
    if (next !== "custom") onChange(lastDays(next));
    else setCustom(range);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const why = rangeProblem(custom);
    setProblem(why);
    if (!why) onChange(custom);
  };
  return (
    <div className="mt-6 flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 font-semibold">Period</legend>
        {[...PRESET_DAYS, "custom" as const].map((option) => (
          <label key={option} className="icon-choice !flex-row !px-3">
            <input
              type="radio"
              name="analytics-range"
              className="icon-choice-input"
              checked={choice === option}
              onChange={() => pick(option)}
            />
            {option === "custom" ? "Custom range" : `Last ${option} days`}
          </label>
        ))}
      </fieldset>
      {choice === "custom" ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={apply} noValidate>
          <DateInput
            id="analytics-from"
            label="From"
            value={custom.from}
            max={todayUtc()}
            problem={problem}
            onChange={(from) => setCustom({ ...custom, from })}
          />
          <DateInput id="analytics-to" label="To" value={custom.to} problem={problem} onChange={(to) => setCustom({ ...custom, to })} />
          <button type="submit" className="btn">
            Show
          </button>
          {problem ? (
            <p id="analytics-range-problem" className="field-error w-full" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

function Totals({ report, previous, days }: { report: AnalyticsReport; previous: AnalyticsReport | undefined; days: number }) {
  return (
    <ul className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Totals">
      {TOTALS.map(({ key, label }) => {
        const change = previous ? changeOf(report.totals[key], previous.totals[key]) : null;
        return (
          <li key={key} className="card p-4">
            <p className="text-sm font-semibold">{label}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums">{number(report.totals[key])}</p>
            {change ? (
              <p className="mt-1 text-sm">
                <span aria-hidden="true">{change.tone === "up" ? "▲ " : change.tone === "down" ? "▼ " : ""}</span>
                {change.text}
                <span className="sr-only"> against the previous {days} days</span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function EmptyState() {
  return (
    <AdminCard id="analytics-empty" title="Nothing counted yet" className="mt-6">
      <p className="mt-2">
        No visit was counted in this period. Once people open the site&apos;s pages, play episodes on its own player, press a platform in
        the Listen menu, start a clip or search the archive, their numbers appear here within seconds.
      </p>
      <p className="mt-2">
        Your own visits while you are logged in, and search engines&apos; and other robots&apos; visits, are never counted.
      </p>
    </AdminCard>
  );
}

const DAY_COLUMNS: Column<AnalyticsReport["days"][number]>[] = [
  { label: "Day (UTC)", cell: (d) => d.date },
  counted("Page views", "pageviews"),
  counted("Visitors", "visitors"),
  counted("Plays", "plays"),
  counted("Listens", "listens"),
];

/** Figures per day: the chart's text alternative, in a table. */
function DaysTable({ report }: { report: AnalyticsReport }) {
  return (
    <details className="mt-4">
      <summary className="cursor-pointer font-semibold">Figures by day</summary>
      <FiguresTable className="mt-2 max-h-80" label="Figures by day" columns={DAY_COLUMNS} rows={report.days} rowKey={(d) => d.date} />
    </details>
  );
}

function Tables({ report }: { report: AnalyticsReport }) {
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ReportTable
        id="analytics-pages"
        title="Pages"
        columns={[{ label: "Page", cell: (p) => p.path }, counted("Page views", "pageviews"), counted("Visitors", "visitors")]}
        rows={report.pages}
        rowKey={(p) => p.path}
      />
      <ReportTable
        id="analytics-referrers"
        title="Where visitors came from"
        intro="The site that linked to yours, or the campaign named in the link (utm_source); “direct”: typed, bookmarked or from an app."
        columns={[{ label: "Source", cell: (r) => r.source }, counted("Visitors", "visitors")]}
        rows={report.referrers}
        rowKey={(r) => r.source}
      />
      <ReportTable
        id="analytics-episodes"
        title="Episodes played on the site"
        className="lg:col-span-2"
        intro="A play is an episode started on the site's own player; a listen is a play with at least a minute of audio heard (the whole episode when shorter). The percentages: how many plays heard that much of the episode (skipping ahead does not count)."
        columns={[
          { label: "Episode", cell: (e) => e.title },
          counted("Plays", "plays"),
          counted("Listens", "listens"),
          ...REACHED.map((share) => ({
            label: `${share}%`,
            cell: (e: AnalyticsReport["episodes"][number]) => `${number(e.reached[share])} (${percent(e.reached[share], e.plays)})`,
            isNumber: true,
          })),
        ]}
        rows={report.episodes}
        rowKey={(e) => e.slug}
      />
      <ReportTable
        id="analytics-providers"
        title="Platforms chosen"
        intro="Presses on a platform in the Listen menu or on the Listen page."
        columns={[{ label: "Platform", cell: (p) => p.name }, counted("Clicks", "clicks")]}
        rows={report.providers}
        rowKey={(p) => String(p.id)}
      />
      <ReportTable
        id="analytics-clips"
        title="Clips started"
        columns={[{ label: "Clip", cell: (c) => c.title }, counted("Plays", "plays")]}
        rows={report.clips}
        rowKey={(c) => c.slug}
      />
      <ReportTable
        id="analytics-searches"
        title="Archive searches"
        intro="Searches that found nothing are marked: they tell you what listeners look for that the show has not published."
        columns={[
          {
            label: "Search",
            cell: (s) => (
              <>
                {s.q}
                {s.results === 0 ? <span className="badge ms-2">No results</span> : null}
              </>
            ),
          },
          counted("Times", "count"),
          counted("Results", "results"),
        ]}
        rows={report.searches}
        rowKey={(s) => s.q}
      />
      <ReportTable
        id="analytics-devices"
        title="Devices"
        columns={[{ label: "Device", cell: (d) => DEVICE_NAMES[d.kind] ?? d.kind }, counted("Visitors", "visitors")]}
        rows={report.devices}
        rowKey={(d) => d.kind}
      />
      <ReportTable
        id="analytics-browsers"
        title="Browsers"
        columns={[{ label: "Browser", cell: (b) => b.name }, counted("Visitors", "visitors")]}
        rows={report.browsers}
        rowKey={(b) => b.name}
      />
    </div>
  );
}

const isEmptyReport = (report: AnalyticsReport) => Object.values(report.totals).every((n) => n === 0);

/** `/admin/analytics`: the owner's figures for a period, against the period before (docs/analytics.md "Reading"). */
export function AnalyticsView() {
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const report = useQuery(analyticsQueryOptions(range));
  const previous = useQuery(analyticsQueryOptions(previousRange(range)));
  const days = report.data?.days.length ?? 0;
  return (
    <>
      <p className="mt-4 max-w-3xl">
        Podcast apps download episodes from your podcast host, not from this site: those downloads and plays are not counted here (your
        host&apos;s statistics have them). Counted here: visits to this site and what people do on it. No cookie is set and nothing that
        identifies a person is kept.
      </p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangePicker range={range} onChange={setRange} />
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => void report.refetch()}>
            Refresh
          </button>
          <a className="btn" href={analyticsCsvUrl(range)} download>
            Download CSV
          </a>
        </div>
      </div>
      {report.isPending ? (
        <p className="mt-6" role="status">
          Loading...
        </p>
      ) : report.isError ? (
        <p className="mt-6" role="alert">
          The figures could not be loaded: {report.error.message}
        </p>
      ) : (
        <div aria-busy={report.isPlaceholderData}>
          <h2 className="mt-6 text-xl font-bold">
            {report.data.from} to {report.data.to} <span className="text-base font-normal">(UTC days)</span>
          </h2>
          <Totals report={report.data} previous={previous.data} days={days} />
          {isEmptyReport(report.data) ? <EmptyState /> : null}
          <section className="card mt-6 p-4" aria-labelledby="analytics-chart-heading">
            <h2 id="analytics-chart-heading" className="text-xl font-bold">
              Day by day
            </h2>
            <div
              className="panel mt-3 min-h-[300px] rounded-xl p-2"
              role="img"
              aria-label="Chart of page views, visitors, plays and listens per day; the same figures are in the table Figures by day below it."
            >
              <DailyChart days={report.data.days} />
            </div>
            <DaysTable report={report.data} />
          </section>
          <Tables report={report.data} />
        </div>
      )}
    </>
  );
}
