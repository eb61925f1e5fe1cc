import { addDays, ANALYTICS_MAX_DAYS, daysBetween, utcDay } from "@shared/analytics";
import type { DayRange } from "../api";

/** The ranges offered at once: the last 7, 30 and 90 days, today included. */
export const PRESET_DAYS = [7, 30, 90] as const;

/** Today as the analytics count days: in UTC (docs/analytics.md). */
export const todayUtc = (): string => utcDay(new Date());

export const lastDays = (days: number, today = todayUtc()): DayRange => ({ from: addDays(today, -(days - 1)), to: today });

/** The range just before `range`, as long as it: what the change is measured against. */
export function previousRange(range: DayRange): DayRange {
  const length = daysBetween(range.from, range.to);
  return { from: addDays(range.from, -length), to: addDays(range.from, -1) };
}

/** Why a custom range cannot be read, in words; null when it can. */
export function rangeProblem(range: DayRange): string | null {
  if (!range.from || !range.to) return "Choose both days.";
  if (range.from > range.to) return "The first day must come before the last.";
  if (daysBetween(range.from, range.to) > ANALYTICS_MAX_DAYS) return `A range is at most ${ANALYTICS_MAX_DAYS} days.`;
  return null;
}

/** How a figure moved against the previous period, in words for the screen and for a screen reader. */
export function changeOf(current: number, previous: number): { text: string; tone: "up" | "down" | "same" } {
  if (current === previous) return { text: current === 0 ? "None in either period" : "No change", tone: "same" };
  if (previous === 0) return { text: "New in this period", tone: "up" };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { text: current > previous ? "Up less than 1%" : "Down less than 1%", tone: "same" };
  return percent > 0 ? { text: `Up ${percent}%`, tone: "up" } : { text: `Down ${-percent}%`, tone: "down" };
}
