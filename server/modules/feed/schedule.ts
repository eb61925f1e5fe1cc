import type { Logger } from "../../platform/runtime/logger";
import type { FeedSyncService } from "./service";

/**
 * Asks every minute whether this period's sync is due; the database decides which instance
 * runs it (storage/feed.ts claimScheduledSync). Returns a stop function.
 */
export function startFeedSchedule(feed: FeedSyncService, logger?: Logger, everyMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const result = await feed.syncIfDue();
      if (result) logger?.info({ added: result.added, updated: result.updated }, "scheduled feed sync");
    } catch (err) {
      logger?.warn({ err: (err as Error).message }, "the scheduled feed sync could not run");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(tick, Math.min(everyMs, 5_000));
  const timer = setInterval(tick, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
