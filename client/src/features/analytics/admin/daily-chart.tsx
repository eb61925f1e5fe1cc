import "uplot/dist/uPlot.min.css";
import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import type { AnalyticsDay } from "@shared/analytics";

/** The series drawn, with colours that read on the chart's white panel (4.5:1 or more). */
const CHART_SERIES = [
  { key: "pageviews", label: "Page views", color: "#1d4ed8" },
  { key: "visitors", label: "Visitors", color: "#b45309" },
  { key: "plays", label: "Plays", color: "#047857" },
  { key: "listens", label: "Listens", color: "#7e22ce" },
] as const satisfies readonly { key: keyof AnalyticsDay; label: string; color: string }[];

const HEIGHT = 260;

/**
 * Page views, visitors, plays and listens per day, drawn by uPlot, which loads when the chart is
 * first shown (never with the visitors' pages, nor with the rest of the admin area). A picture
 * for the eye: the same figures are in the table of days beside it, which is what a screen
 * reader is pointed to.
 */
export function DailyChart({ days }: { days: AnalyticsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: uPlot | undefined;
    let resize: ResizeObserver | undefined;
    let isGone = false;
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
            { stroke: "#111111" },
            { stroke: "#111111", values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : "")) },
          ],
          series: [{}, ...CHART_SERIES.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: days.length <= 31 } }))],
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
  }, [days]);
  return <div ref={box} className="w-full text-ink" />;
}
