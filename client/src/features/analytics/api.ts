import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AnalyticsExportTable, AnalyticsReport } from "@shared/analytics";
import { apiClient } from "@/lib/api-client";

/** A range of UTC days, both included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

const rangeQuery = ({ from, to }: DayRange) => new URLSearchParams({ from, to }).toString();

/** The owner's report for a range (admin only: under the "admin" key, dropped at logout). */
export const analyticsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: ["admin", "analytics", range.from, range.to],
    queryFn: () => apiClient.get<AnalyticsReport>(`/api/analytics?${rangeQuery(range)}`),
    placeholderData: keepPreviousData,
    // New beacons are written every few seconds: a report left open catches up by itself.
    refetchInterval: 30_000,
  });

/** One of the report's tables as a CSV file, or without a table its days (the browser downloads it with the admin's session). */
export const analyticsCsvUrl = (range: DayRange, table?: AnalyticsExportTable) =>
  `/api/analytics/export.csv?${new URLSearchParams({ from: range.from, to: range.to, ...(table ? { table } : {}) }).toString()}`;
