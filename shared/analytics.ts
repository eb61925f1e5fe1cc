import { z } from "zod";

/**
 * The owner's analytics (docs/analytics.md): what a visitor's page reports to `POST /api/events`,
 * and what `GET /api/analytics` answers. The rules that decide a listen and a quarter mark are in
 * shared/listening.ts, which the visitor's bundle imports without zod.
 */

/** A beacon's body is at most this many bytes (413 beyond). */
export const EVENT_MAX_BYTES = 2_048;
/** The longest range `GET /api/analytics` reads, in days (400 beyond). */
export const ANALYTICS_MAX_DAYS = 366;
/** The range read when none is given: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_DAYS = 30;

/** The networks a share button names (components/share-buttons.tsx); "native" is the device's own share sheet. */
const SHARE_NETWORKS = ["copy", "x", "facebook", "linkedin", "instagram", "native"] as const;

/**
 * What a visitor's page may report: a type, and the value it is about (a path, an episode's or a
 * clip's slug, a provider's id, a share network, a search's words). The body is at most 2 KB;
 * the server normalises, checks and folds every value further (server/modules/analytics/normalise.ts).
 */
const slug = z.string().min(1).max(200);
const seconds = z
  .number()
  .finite()
  .min(0)
  .max(7 * 24 * 3600);
export const analyticsEventSchema = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("pageview"),
    /** The page's path. */
    value: z.string().min(1),
    /**
     * On the first page of a visit only: the host of the site that sent the visitor, or "" when
     * none did. Absent on a page reached from the site itself (a navigation in it, a reload),
     * which says nothing of where the visit came from.
     */
    referrer: z.string().max(300).optional(),
    /** The first page's `utm_source`, when its address has one. */
    utm: z.string().optional(),
  }),
  /** The site's player started the episode `value`. */
  z.strictObject({ type: z.literal("play"), value: slug }),
  z.strictObject({
    type: z.literal("progress"),
    value: slug,
    /** Seconds of audio actually played in this visit to the page (seeking does not count). */
    played: seconds,
    /** The audio's length in seconds, as the player knows it. */
    duration: seconds,
  }),
  /** A provider's link, by the provider's id. */
  z.strictObject({ type: z.literal("provider"), value: z.string().regex(/^\d{1,10}$/, "validation.providerId") }),
  /** A clip's poster, by the clip's slug. */
  z.strictObject({ type: z.literal("clip"), value: slug }),
  z.strictObject({ type: z.literal("share"), value: z.enum(SHARE_NETWORKS) }),
  /** An archive search: its words, and how many episodes it found. */
  z.strictObject({ type: z.literal("search"), value: z.string().max(300), results: z.number().int().min(0).max(1_000_000) }),
]);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
const isoDay = z
  .string()
  .regex(DAY, "validation.day")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "validation.notCalendarDay");

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional (UTC days, both included). */
export const analyticsRangeSchema = z.strictObject({ from: isoDay.optional(), to: isoDay.optional() });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeSchema>;

/**
 * The tables of the report the CSV export gives, each named as the report's JSON names its list
 * (docs/analytics.md "Reading"). Without `table`, the export is the days' totals.
 */
const ANALYTICS_EXPORT_TABLES = [
  "pages",
  "episodes",
  "referrers",
  "campaigns",
  "searches",
  "providers",
  "clips",
  "devices",
  "browsers",
] as const;
export type AnalyticsExportTable = (typeof ANALYTICS_EXPORT_TABLES)[number];

/** `GET /api/analytics/export.csv?table=...&from=...&to=...`: the range, and which table (the days when none). */
export const analyticsExportSchema = analyticsRangeSchema.extend({ table: z.enum(ANALYTICS_EXPORT_TABLES).optional() });
export type AnalyticsExportQuery = z.infer<typeof analyticsExportSchema>;

export interface AnalyticsTotals {
  pageviews: number;
  visitors: number;
  plays: number;
  listens: number;
  providerClicks: number;
  clipPlays: number;
  shares: number;
  searches: number;
}

export interface AnalyticsDay {
  date: string;
  pageviews: number;
  visitors: number;
  plays: number;
  listens: number;
}

export interface AnalyticsReport {
  from: string;
  to: string;
  totals: AnalyticsTotals;
  /** Every day of the range, zeros included. */
  days: AnalyticsDay[];
  pages: { path: string; pageviews: number; visitors: number }[];
  /** "direct" when a visitor came from no other site. */
  referrers: { source: string; visitors: number }[];
  /** The campaigns visitors arrived by: the `utm_source` of the first page's address, folded as it is for the referrers. */
  campaigns: { campaign: string; visitors: number }[];
  episodes: {
    slug: string;
    title: string;
    plays: number;
    listens: number;
    reached: { "25": number; "50": number; "75": number; "100": number };
  }[];
  providers: { id: number; name: string; clicks: number }[];
  clips: { slug: string; title: string; plays: number }[];
  /** `q` lower-cased and trimmed; `results`: how many episodes the last such search found. */
  searches: { q: string; count: number; results: number }[];
  devices: { kind: string; visitors: number }[];
  browsers: { name: string; visitors: number }[];
}

/** The CSV export's columns, in order: the date, then each total of the day. */
export const ANALYTICS_CSV_COLUMNS = [
  "date",
  "pageviews",
  "visitors",
  "plays",
  "listens",
  "providerClicks",
  "clipPlays",
  "shares",
  "searches",
] as const;

/** A UTC day as YYYY-MM-DD. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** `day` moved by `by` days. */
export function addDays(day: string, by: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + by);
  return utcDay(d);
}

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
