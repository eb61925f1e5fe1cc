import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import type { AnalyticsExportTable, AnalyticsReport, AnalyticsTotals } from "@shared/analytics";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { useAdminT, useLocale, type AdminKey } from "@/lib/i18n";
import { analyticsCsvUrl, analyticsQueryOptions, type DayRange } from "../api";
import { changeOf, lastDays, PRESET_DAYS, previousRange, rangeProblem, todayUtc } from "./ranges";
import { DailyChart } from "./daily-chart";
import { FiguresTable, ReportTable, type Column, type TableDownload } from "./report-table";

const TOTALS: { key: keyof AnalyticsTotals; label: AdminKey }[] = [
  { key: "pageviews", label: "adminAnalytics.pageviews" },
  { key: "visitors", label: "adminAnalytics.visitors" },
  { key: "plays", label: "adminAnalytics.plays" },
  { key: "listens", label: "adminAnalytics.listens" },
  { key: "providerClicks", label: "adminAnalytics.providerClicks" },
  { key: "clipPlays", label: "adminAnalytics.clipPlays" },
  { key: "shares", label: "adminAnalytics.shares" },
  { key: "searches", label: "adminAnalytics.searches" },
];

/** How figures are written in the admin's language: counts, and a part of a whole in percent. */
interface Figures {
  number: (n: number) => string;
  percent: (part: number, whole: number) => string;
}

function useFigures(): Figures {
  const locale = useLocale();
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(locale);
    const percents = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 });
    return { number: (n) => numbers.format(n), percent: (part, whole) => (whole > 0 ? percents.format(part / whole) : "–") };
  }, [locale]);
}

/** A column of counts, right-aligned. */
const counted = <K extends string>(label: string, key: K, figures: Figures): Column<Record<K, number>> => ({
  label,
  cell: (row) => figures.number(row[key]),
  isNumber: true,
});
/** The shares of an episode's plays that heard that much of it. */
const REACHED = ["25", "50", "75", "100"] as const;
const DEVICE_NAMES: Record<string, AdminKey> = {
  desktop: "adminAnalytics.deviceDesktop",
  mobile: "adminAnalytics.deviceMobile",
  tablet: "adminAnalytics.deviceTablet",
  tv: "adminAnalytics.deviceTv",
  other: "adminAnalytics.deviceOther",
};
/** The source of a visit that came from no other site, as the report names it. */
const DIRECT = "direct";

/** Each table's download link, named for the table (docs/analytics.md "Reading"). */
const DOWNLOAD_LABELS: Record<AnalyticsExportTable, AdminKey> = {
  pages: "adminAnalytics.downloadPages",
  referrers: "adminAnalytics.downloadReferrers",
  campaigns: "adminAnalytics.downloadCampaigns",
  episodes: "adminAnalytics.downloadEpisodes",
  providers: "adminAnalytics.downloadProviders",
  clips: "adminAnalytics.downloadClips",
  searches: "adminAnalytics.downloadSearches",
  devices: "adminAnalytics.downloadDevices",
  browsers: "adminAnalytics.downloadBrowsers",
};

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
  const t = useAdminT();
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
    const why = rangeProblem(custom, t);
    setProblem(why);
    if (!why) onChange(custom);
  };
  return (
    <div className="mt-6 flex flex-col gap-3">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-2 font-semibold">{t("adminAnalytics.period")}</legend>
        {[...PRESET_DAYS, "custom" as const].map((option) => (
          <label key={option} className="icon-choice !flex-row !px-3">
            <input
              type="radio"
              name="analytics-range"
              className="icon-choice-input"
              checked={choice === option}
              onChange={() => pick(option)}
            />
            {option === "custom" ? t("adminAnalytics.customRange") : t("adminAnalytics.lastDays", { days: option })}
          </label>
        ))}
      </fieldset>
      {choice === "custom" ? (
        <form className="flex flex-wrap items-end gap-3" onSubmit={apply} noValidate>
          <DateInput
            id="analytics-from"
            label={t("adminAnalytics.from")}
            value={custom.from}
            max={todayUtc()}
            problem={problem}
            onChange={(from) => setCustom({ ...custom, from })}
          />
          <DateInput
            id="analytics-to"
            label={t("adminAnalytics.to")}
            value={custom.to}
            problem={problem}
            onChange={(to) => setCustom({ ...custom, to })}
          />
          <button type="submit" className="btn">
            {t("adminAnalytics.show")}
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
  const t = useAdminT();
  const locale = useLocale();
  const figures = useFigures();
  return (
    <ul className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4" aria-label={t("adminAnalytics.totals")}>
      {TOTALS.map(({ key, label }) => {
        const change = previous ? changeOf(report.totals[key], previous.totals[key], t, locale) : null;
        return (
          <li key={key} className="card p-4">
            <p className="text-sm font-semibold">{t(label)}</p>
            <p className="mt-1 text-3xl font-bold tabular-nums">{figures.number(report.totals[key])}</p>
            {change ? (
              <p className="mt-1 text-sm">
                <span aria-hidden="true">{change.tone === "up" ? "▲ " : change.tone === "down" ? "▼ " : ""}</span>
                {change.text}
                <span className="sr-only"> {t("adminAnalytics.againstPrevious", { days })}</span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function EmptyState() {
  const t = useAdminT();
  return (
    <AdminCard id="analytics-empty" title={t("adminAnalytics.emptyTitle")} className="mt-6">
      <p className="mt-2">{t("adminAnalytics.emptyIntro")}</p>
      <p className="mt-2">{t("adminAnalytics.emptyNotCounted")}</p>
    </AdminCard>
  );
}

/** Figures per day: the chart's text alternative, in a table. The days are UTC days, written as the report writes them. */
function DaysTable({ report }: { report: AnalyticsReport }) {
  const t = useAdminT();
  const figures = useFigures();
  const columns: Column<AnalyticsReport["days"][number]>[] = [
    { label: t("adminAnalytics.dayColumn"), cell: (d) => d.date },
    counted(t("adminAnalytics.pageviews"), "pageviews", figures),
    counted(t("adminAnalytics.visitors"), "visitors", figures),
    counted(t("adminAnalytics.plays"), "plays", figures),
    counted(t("adminAnalytics.listens"), "listens", figures),
  ];
  return (
    <details className="mt-4">
      <summary className="cursor-pointer font-semibold">{t("adminAnalytics.figuresByDay")}</summary>
      <FiguresTable
        className="mt-2 max-h-80"
        label={t("adminAnalytics.figuresByDay")}
        columns={columns}
        rows={report.days}
        rowKey={(d) => d.date}
      />
    </details>
  );
}

/** The episodes' plays, listens and the share of plays that reached each quarter. */
function EpisodesTable({ report, download }: { report: AnalyticsReport; download: TableDownload }) {
  const t = useAdminT();
  const figures = useFigures();
  const reachedLabel = (share: (typeof REACHED)[number]) => figures.percent(Number(share), 100);
  return (
    <ReportTable
      id="analytics-episodes"
      download={download}
      title={t("adminAnalytics.episodesTitle")}
      className="lg:col-span-2"
      intro={t("adminAnalytics.episodesIntro")}
      columns={[
        { label: t("adminAnalytics.episodeColumn"), cell: (e) => e.title },
        counted(t("adminAnalytics.plays"), "plays", figures),
        counted(t("adminAnalytics.listens"), "listens", figures),
        ...REACHED.map((share) => ({
          label: reachedLabel(share),
          cell: (e: AnalyticsReport["episodes"][number]) =>
            `${figures.number(e.reached[share])} (${figures.percent(e.reached[share], e.plays)})`,
          isNumber: true,
        })),
      ]}
      rows={report.episodes}
      rowKey={(e) => e.slug}
    />
  );
}

function Tables({ report }: { report: AnalyticsReport }) {
  const t = useAdminT();
  const figures = useFigures();
  // The range the report answered for, so a file holds what the screen shows.
  const download = (table: AnalyticsExportTable): TableDownload => ({
    href: analyticsCsvUrl({ from: report.from, to: report.to }, table),
    label: t(DOWNLOAD_LABELS[table]),
  });
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ReportTable
        id="analytics-pages"
        download={download("pages")}
        title={t("adminAnalytics.pagesTitle")}
        columns={[
          { label: t("adminAnalytics.pageColumn"), cell: (p) => p.path },
          counted(t("adminAnalytics.pageviews"), "pageviews", figures),
          counted(t("adminAnalytics.visitors"), "visitors", figures),
        ]}
        rows={report.pages}
        rowKey={(p) => p.path}
      />
      <ReportTable
        id="analytics-referrers"
        download={download("referrers")}
        title={t("adminAnalytics.referrersTitle")}
        intro={t("adminAnalytics.referrersIntro")}
        columns={[
          { label: t("adminAnalytics.sourceColumn"), cell: (r) => (r.source === DIRECT ? t("adminAnalytics.sourceDirect") : r.source) },
          counted(t("adminAnalytics.visitors"), "visitors", figures),
        ]}
        rows={report.referrers}
        rowKey={(r) => r.source}
      />
      <ReportTable
        id="analytics-campaigns"
        download={download("campaigns")}
        title={t("adminAnalytics.campaignsTitle")}
        intro={t("adminAnalytics.campaignsIntro")}
        columns={[
          { label: t("adminAnalytics.campaignColumn"), cell: (c) => c.campaign },
          counted(t("adminAnalytics.visitors"), "visitors", figures),
        ]}
        rows={report.campaigns}
        rowKey={(c) => c.campaign}
      />
      <ReportTable
        id="analytics-searches"
        download={download("searches")}
        title={t("adminAnalytics.searchesTitle")}
        intro={t("adminAnalytics.searchesIntro")}
        columns={[
          {
            label: t("adminAnalytics.searchColumn"),
            cell: (s) => (
              <>
                {s.q}
                {s.results === 0 ? <span className="badge ms-2">{t("adminAnalytics.noResults")}</span> : null}
              </>
            ),
          },
          counted(t("adminAnalytics.timesColumn"), "count", figures),
          counted(t("adminAnalytics.resultsColumn"), "results", figures),
        ]}
        rows={report.searches}
        rowKey={(s) => s.q}
      />
      <EpisodesTable report={report} download={download("episodes")} />
      <ReportTable
        id="analytics-providers"
        download={download("providers")}
        title={t("adminAnalytics.providersTitle")}
        intro={t("adminAnalytics.providersIntro")}
        columns={[
          { label: t("adminAnalytics.platformColumn"), cell: (p) => p.name },
          counted(t("adminAnalytics.clicks"), "clicks", figures),
        ]}
        rows={report.providers}
        rowKey={(p) => String(p.id)}
      />
      <ReportTable
        id="analytics-clips"
        download={download("clips")}
        title={t("adminAnalytics.clipsTitle")}
        columns={[{ label: t("adminAnalytics.clipColumn"), cell: (c) => c.title }, counted(t("adminAnalytics.plays"), "plays", figures)]}
        rows={report.clips}
        rowKey={(c) => c.slug}
      />
      <ReportTable
        id="analytics-devices"
        download={download("devices")}
        title={t("adminAnalytics.devicesTitle")}
        columns={[
          { label: t("adminAnalytics.deviceColumn"), cell: (d) => (DEVICE_NAMES[d.kind] ? t(DEVICE_NAMES[d.kind]!) : d.kind) },
          counted(t("adminAnalytics.visitors"), "visitors", figures),
        ]}
        rows={report.devices}
        rowKey={(d) => d.kind}
      />
      <ReportTable
        id="analytics-browsers"
        download={download("browsers")}
        title={t("adminAnalytics.browsersTitle")}
        columns={[
          { label: t("adminAnalytics.browserColumn"), cell: (b) => b.name },
          counted(t("adminAnalytics.visitors"), "visitors", figures),
        ]}
        rows={report.browsers}
        rowKey={(b) => b.name}
      />
    </div>
  );
}

const isEmptyReport = (report: AnalyticsReport) => Object.values(report.totals).every((n) => n === 0);

/** `/admin/analytics`: the owner's figures for a period, against the period before (docs/analytics.md "Reading"). */
export function AnalyticsView() {
  const t = useAdminT();
  const [range, setRange] = useState<DayRange>(() => lastDays(30));
  const report = useQuery(analyticsQueryOptions(range));
  const previous = useQuery(analyticsQueryOptions(previousRange(range)));
  const days = report.data?.days.length ?? 0;
  return (
    <>
      <p className="mt-4 max-w-3xl">{t("adminAnalytics.intro")}</p>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RangePicker range={range} onChange={setRange} />
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => void report.refetch()}>
            {t("adminAnalytics.refresh")}
          </button>
          <a className="btn" href={analyticsCsvUrl(range)} download>
            {t("adminAnalytics.downloadCsv")}
          </a>
        </div>
      </div>
      {report.isPending ? (
        <p className="mt-6" role="status">
          {t("adminAnalytics.loading")}
        </p>
      ) : report.isError ? (
        <p className="mt-6" role="alert">
          {t("adminAnalytics.loadFailed", { message: report.error.message })}
        </p>
      ) : (
        <div aria-busy={report.isPlaceholderData}>
          <h2 className="mt-6 text-xl font-bold">
            <Trans
              id="adminAnalytics.periodHeading"
              values={{ from: report.data.from, to: report.data.to }}
              components={{ 0: <span className="text-base font-normal" /> }}
            />
          </h2>
          <Totals report={report.data} previous={previous.data} days={days} />
          {isEmptyReport(report.data) ? <EmptyState /> : null}
          <section className="card mt-6 p-4" aria-labelledby="analytics-chart-heading">
            <h2 id="analytics-chart-heading" className="text-xl font-bold">
              {t("adminAnalytics.dayByDay")}
            </h2>
            <div className="panel mt-3 min-h-[300px] rounded-xl p-2" role="img" aria-label={t("adminAnalytics.chartLabel")}>
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
