import type { LanguageTag } from "../../../shared/languages";
import type { Db } from "../../platform/db/client";
import { oneLine, type Mailer } from "../../platform/mail/mailer";
import type { Logger } from "../../platform/runtime/logger";
import { translator } from "../languages";
import { claimPending, insertNotice, markAttemptFailed, markSent, pruneNotices } from "./storage";
import { composeNoticeMail, type Notice } from "./texts";

/** At most this many notices go into one e-mail; more wait for the next run. */
const BATCH = 100;
/** A notice whose e-mail failed this many times is given up (a line in the log says so). */
const MAX_ATTEMPTS = 20;
/** Sent notices are kept this long, then forgotten. */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export interface NoticesDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The site's name and language, as the owner set them. */
  site(): Promise<{ name: string; language: LanguageTag }>;
  /** Who is told: the owners' e-mail addresses (the access module's). */
  ownerEmails(): Promise<string[]>;
  logger?: Logger;
  clock?: () => Date;
}

export interface NoticesService {
  /**
   * Queues a notice for the owners' next e-mail (docs/product.md "E-mail"). Never throws: the
   * request that brought the hand-in or message must not fail for it. Without SMTP_URL, nothing
   * is queued.
   */
  queueNotice(notice: Notice): Promise<void>;
  /**
   * Sends what is pending: one notice, an e-mail about it; several, one digest. A failed send
   * leaves them pending for the next run. Answers how many notices were sent.
   */
  sendPending(): Promise<number>;
}

export function createNotices(deps: NoticesDeps): NoticesService {
  const { db, mailer, logger } = deps;
  const now = deps.clock ?? (() => new Date());
  return {
    async queueNotice(notice) {
      if (!mailer.enabled) return;
      try {
        await insertNotice(db, { ...notice, summary: oneLine(notice.summary).slice(0, 500) });
      } catch (err) {
        logger?.warn({ err: (err as Error).message, kind: notice.kind, id: notice.id }, "a notice for the owner could not be queued");
      }
    },

    async sendPending() {
      if (!mailer.enabled) return 0;
      await pruneNotices(db, new Date(now().getTime() - KEEP_MS));
      return db.transaction(async (tx) => {
        const pending = await claimPending(tx, BATCH);
        if (pending.length === 0) return 0;
        const ids = pending.map((n) => n.rowId);
        const to = await deps.ownerEmails();
        if (to.length === 0) return 0;
        const site = await deps.site();
        const mail = composeNoticeMail(pending, translator(site.language).t, { name: site.name, publicUrl: deps.publicUrl });
        try {
          await mailer.send({ to, ...mail, language: site.language, senderName: site.name });
        } catch (err) {
          const givenUp = await markAttemptFailed(tx, ids, MAX_ATTEMPTS);
          logger?.warn(
            { err: (err as Error).message, notices: ids.length, givenUp },
            givenUp > 0
              ? `the owner's e-mail failed ${MAX_ATTEMPTS} times; those notices are given up`
              : "the owner's e-mail could not be sent; it is tried again next minute",
          );
          return 0;
        }
        await markSent(tx, ids, now());
        return ids.length;
      });
    },
  };
}
