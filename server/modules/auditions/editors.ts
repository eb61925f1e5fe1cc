import type { AccessLogEntry } from "../../../shared/api";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import { HAND_INS_PER_CODE, type UnlockAnswer } from "../../../shared/auditions";
import { countHandedIn, insertAccessLog, listAccessLog } from "./storage";
import type { SettingsService } from "../settings";
import type { ServerTranslate } from "../languages";

export interface EditorsService {
  /**
   * `say`: the words of the candidate's language, for the file's name when the owner gave none.
   * Answers the files and how many hand-ins the code has left (only finished ones count).
   */
  unlock(password: string, userAgent: string, say: ServerTranslate): Promise<UnlockAnswer>;
  /** The spec's client-side log call, kept for compatibility; it cannot claim a success. */
  recordClientAttempt(entry: { password?: string; success: boolean; userAgent: string }): Promise<void>;
  listLog(): Promise<AccessLogEntry[]>;
}

export function createEditorsService(db: Db, settings: SettingsService): EditorsService {
  return {
    async unlock(password, userAgent, say) {
      const number = await settings.checkAuditionPassword(password);
      // The number names the candidate; the prefix is the audition's secret and stays out of the
      // log (and so out of backups), as does a failed try's text (docs/product.md "Audition").
      await insertAccessLog(db, { success: number !== null, code: number, userAgent });
      if (number === null) throw new AppError("UNAUTHORIZED", "audition.wrongPassword");
      const handedIn = await countHandedIn(db, number);
      return { files: await settings.auditionFiles(say), handInsLeft: Math.max(0, HAND_INS_PER_CODE - handedIn) };
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
