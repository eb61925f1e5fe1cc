import type { Logger } from "../../platform/runtime/logger";
import type { NoticesService } from "./service";

/**
 * Sends the owners' pending notices every minute, so what arrives within a minute goes in one
 * digest (docs/product.md "E-mail"). Every instance runs it; the database hands each notice to
 * one of them (storage.ts claimPending). Returns a stop function.
 */
export function startNoticeSchedule(notices: NoticesService, logger?: Logger, everyMs = 60_000): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    notices
      .sendPending()
      .then((sent) => {
        if (sent > 0) logger?.info({ notices: sent }, "e-mailed the owners");
      })
      .catch((err: unknown) => logger?.warn({ err: (err as Error).message }, "the owners' notices could not be sent"))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
