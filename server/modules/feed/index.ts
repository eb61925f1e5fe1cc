/** The show's feed: its import (fetch, parse in a worker, plan, apply), the files it links to, and the schedule. This file is the module's door: the rest of the server uses only what it exports. */
export { createFeedLinkedFiles } from "./linked-files";
export type { FeedLinkedFiles } from "./linked-files";
export { feedRouter } from "./routes";
export { startFeedSchedule } from "./schedule";
export { createFeedSync } from "./service";
export type { FeedSyncService } from "./service";
export { createFeedWorkers } from "./workers";
export type { FeedWorkerLimits } from "./workers";
