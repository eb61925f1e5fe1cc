import "uplot/dist/uPlot.min.css";
import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import type { AnalyticsDay } from "@shared/analytics";
import { useAdminT, useLocale, type AdminKey } from "@/lib/i18n";

/** The series drawn, with colours that read on the chart's white panel (4.5:1 or more). */
const CHART_SERIES = [
  { key: "pageviews", label: "adminAnalytics.pageviews", color: "#1d4ed8" },
  { key: "visitors", label: "adminAnalytics.visitors", color: "#b45309" },
  { key: "plays", label: "adminAnalytics.plays", color: "#047857" },
  { key: "listens", label: "adminAnalytics.listens", color: "#7e22ce" },
] as const satisfies readonly { key: keyof AnalyticsDay; label: AdminKey; color: string }[];

const HEIGHT = 260;
/** uPlot's own text for a point the pointer is not on. */
const NO_POINT = "--";

const HOUR = 3600;
const DAY = 24 * HOUR;
/** uPlot's steps from one way of writing a tick to the next: months from 28 days, years from 365. */
const MONTH = 28 * DAY;
const YEAR = 365 * DAY;

/**
 * The time axis's ticks written in the admin's language (uPlot writes them in English): a year, a
 * month's short name, a day as the language writes a day of a month ("11/25", "25/11"), an hour;
 * with the year (the day, for hours) under the first tick and wherever it changes, as uPlot does.
 * The ticks are instants; the days are UTC days.
 */
function timeAxisValues(locale: string): uPlot.Axis.DynamicValues {
  const write = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
  const year = write({ year: "numeric" });
  const month = write({ month: "short" });
  const day = write({ month: "numeric", day: "numeric" });
  const hour = write({ hour: "numeric" });
  return (_u, splits, _axis, _space, increment) => {
    let previous: string | undefined;
    return splits.map((split) => {
      const date = new Date(split * 1000);
      if (increment >= YEAR) return year.format(date);
      const [tick, above] = increment >= MONTH ? [month, year] : increment >= DAY ? [day, year] : [hour, day];
      const period = above.format(date);
      const label = period === previous ? tick.format(date) : `${tick.format(date)}\n${period}`;
      previous = period;
      return label;
    });
  };
}

/**
 * Page views, visitors, plays and listens per day, drawn by uPlot, which loads when the chart is
 * first shown (never with the visitors' pages, nor with the rest of the admin area). A picture
 * for the eye: the same figures are in the table of days beside it, which is what a screen
 * reader is pointed to. Its words, dates and numbers are in the admin's language.
 */
export function DailyChart({ days }: { days: AnalyticsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  const t = useAdminT();
  const locale = useLocale();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let isGone = false;
    const numbers = new Intl.NumberFormat(locale);
    void import("uplot").then(({ default: UPlot }) => {
      if (isGone) return;
      const data: uPlot.AlignedData = [
        days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
        ...CHART_SERIES.map((s) => days.map((d) => d[s.key])),
      ];
      chart = new UPlot(
        {
          width: element.clientWidth,
          height: HEIGHT,
          // Days are UTC days: the axis says the same dates as the tables.
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          scales: { y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
          axes: [
            { stroke: "#111111", values: timeAxisValues(locale) },
            { stroke: "#111111", values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? numbers.format(tick) : "")) },
          ],
          series: [
            {
              label: t("adminAnalytics.chartTime"),
              // The day under the pointer, written as the tables write it.
              value: (_u, ts, _s, idx) => (idx == null ? NO_POINT : new Date(ts * 1000).toISOString().slice(0, 10)),
            },
            ...CHART_SERIES.map((s) => ({
              label: t(s.label),
              value: (_u: uPlot, v: number | null, _s: number, idx: number | null) =>
                idx == null ? NO_POINT : v == null ? "" : numbers.format(v),
              stroke: s.color,
              width: 2,
              points: { show: days.length <= 31 },
            })),
          ],
        },
        data,
        element,
      );
      resize = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height: HEIGHT }));
      resize.observe(element);
    });
    return () => {
      isGone = true;
      resize?.disconnect();
      chart?.destroy();
    };
  }, [days, t, locale]);
  return <div ref={box} className="w-full text-ink" />;
}
