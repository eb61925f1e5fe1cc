import { addDays, ANALYTICS_MAX_DAYS, daysBetween, utcDay } from "@shared/analytics";
import type { AdminKey, Translate } from "@/lib/i18n";
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
export function rangeProblem(range: DayRange, t: Translate<AdminKey>): string | null {
  if (!range.from || !range.to) return t("adminAnalytics.rangeIncomplete");
  if (range.from > range.to) return t("adminAnalytics.rangeBackwards");
  if (daysBetween(range.from, range.to) > ANALYTICS_MAX_DAYS) return t("adminAnalytics.rangeTooLong", { max: ANALYTICS_MAX_DAYS });
  return null;
}

/**
 * How a figure moved against the previous period, in words for the screen and for a screen reader,
 * the percentage written as the admin's language (`locale`) writes it.
 */
export function changeOf(
  current: number,
  previous: number,
  t: Translate<AdminKey>,
  locale: string,
): { text: string; tone: "up" | "down" | "same" } {
  if (current === previous)
    return { text: t(current === 0 ? "adminAnalytics.changeNoneEither" : "adminAnalytics.changeNone"), tone: "same" };
  if (previous === 0) return { text: t("adminAnalytics.changeNew"), tone: "up" };
  const change = Math.round(((current - previous) / previous) * 100);
  if (change === 0)
    return { text: t(current > previous ? "adminAnalytics.changeUpUnder1" : "adminAnalytics.changeDownUnder1"), tone: "same" };
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }).format(Math.abs(change) / 100);
  return change > 0
    ? { text: t("adminAnalytics.changeUp", { percent }), tone: "up" }
    : { text: t("adminAnalytics.changeDown", { percent }), tone: "down" };
}
