import type { AccessLogEntry } from "../../../shared/api";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { insertAccessLog, listAccessLog } from "./storage";
import type { SettingsService } from "../settings";

const AUDITION_FAILURE_MESSAGE = "Incorrect password. Please try again.";

export interface EditorsService {
  unlock(password: string, userAgent: string): Promise<{ files: { name: string; url: string }[] }>;
  /** The spec's client-side log call, kept for compatibility; it cannot claim a success. */
  recordClientAttempt(entry: { password?: string; success: boolean; userAgent: string }): Promise<void>;
  listLog(): Promise<AccessLogEntry[]>;
}

export function createEditorsService(db: Db, settings: SettingsService): EditorsService {
  return {
    async unlock(password, userAgent) {
      const number = await settings.checkAuditionPassword(password);
      // The number names the candidate; the prefix is the audition's secret and stays out of the
      // log (and so out of backups), as does a failed try's text (docs/product.md "Audition").
      await insertAccessLog(db, { success: number !== null, code: number, userAgent });
      if (number === null) throw new AppError("UNAUTHORIZED", AUDITION_FAILURE_MESSAGE);
      return { files: await settings.auditionFiles() };
    },
    async recordClientAttempt(entry) {
      const number = entry.success && entry.password ? await settings.checkAuditionPassword(entry.password) : null;
      await insertAccessLog(db, { success: number !== null, code: number, userAgent: entry.userAgent });
    },
    async listLog() {
      return (await listAccessLog(db)).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  };
}
