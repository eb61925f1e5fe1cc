/** The owner's analytics: beacons counted before Express, their tally and storage, the admin's report (docs/analytics.md). This file is the module's door: the rest of the server uses only what it exports. */
export { analyticsRouter } from "./routes";
export { createAnalytics } from "./service";
export type { AnalyticsOptions } from "./service";
