import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AnalyticsReport } from "@shared/analytics";
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

/** The report's days as a CSV file (the browser downloads it with the admin's session). */
export const analyticsCsvUrl = (range: DayRange) => `/api/analytics/export.csv?${rangeQuery(range)}`;
