import { languageOfFeed } from "../../../shared/languages";
import { sha256InSlices } from "../../platform/runtime/time-slices";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db } from "../../platform/db/client";
import { FeedParseError } from "./feed-text";
import type { FeedWorkers } from "./workers";
import type { ParsedFeed } from "./parse-feed";
import { AppError, words, type Words } from "../../platform/http/errors";
import type { Logger } from "../../platform/runtime/logger";
import { FetchError, safeFetch, type FetchResult } from "../../platform/net/safe-fetch";
import { deleteEpisodes } from "../episodes";
import * as feedStore from "./storage";
import type { FeedSyncState } from "./storage";
import { lockEpisodes } from "../../platform/db/locks";
import type { EpisodesService } from "../episodes";
import type { FeedLinkedFiles } from "./linked-files";
import { importFeed } from "./import-feed";
import type { SettingsService } from "../settings";
import { readStoredText, storedText, type FeedState, type NoteText, type SyncOutcome } from "./notes";
import type { ShowField, ShowOffer } from "../../../shared/feed-show";
import { answerShowOffer, isAnotherShow, readShowOffer, recordShowOffer } from "./show-offer";

/** The results and states below keep their texts as words, said in the owner's language by the routes (notes.ts). */
export interface FeedSyncService {
  /** Reads the feed named by rss_url and imports it; a failure is a 422 and changes no episode. */
  sync(): Promise<SyncOutcome>;
  status(): Promise<FeedState>;
  /** The scheduled sync: runs only if no instance has synced in this period; the episodes' files that are due are fetched either way. */
  syncIfDue(): Promise<SyncOutcome | null>;
  /** The owner takes the address the host moved the show to: it becomes rss_url. 404 when there is no move. */
  acceptMove(): Promise<FeedState>;
  /** Deletes the episodes of a previous feed (another show's), never the owner's own; they are not remembered as deleted. */
  deletePreviousFeedEpisodes(): Promise<{ count: number }>;
  /**
   * Brings back a feed episode the owner deleted: forgotten as deleted, then the feed is read
   * again (`sync`: what that did; null with the reason when it could not run: the episode then
   * comes back with the next sync that can).
   */
  restoreDeleted(id: number): Promise<{ sync: SyncOutcome | null; message?: Words }>;
  /** What another show's feed offers of its identity since the address was changed to it (null: nothing waits). */
  showOffer(): Promise<ShowOffer | null>;
  /** The owner takes the listed parts of the new show's identity (none: keeps their own), all in one transaction. */
  adoptShow(take: ShowField[]): Promise<{ taken: ShowField[] }>;
}

export interface FeedSyncDeps {
  db: Db;
  episodes: Pick<EpisodesService, "restoreDeleted">;
  writes: SiteWrites;
  settings: SettingsService;
  workers: FeedWorkers;
  /** Transcripts, chapters and artwork, fetched after each sync has answered. */
  linkedFiles: FeedLinkedFiles;
  /** Every FEED_SYNC_MINUTES; 0: no schedule. */
  periodMinutes: number;
  allowPrivate: boolean;
  /** The channel's artwork, offered as the show's (taken when the owner has set none). */
  onChannelImage?: (url: string | null) => Promise<void>;
  /** The channel's hosts, offered for the About page (shown until the owner writes their own). */
  onHosts?: (hosts: ParsedFeed["hosts"]) => Promise<void>;
  /** The channel's support links and recommended shows. */
  onLinks?: (links: ParsedFeed["links"]) => Promise<void>;
  logger?: Logger;
  /** The fetcher's limits (20 s, 50 MB by default); tests make them small. */
  limits?: { timeoutMs?: number; maxBytes?: number };
  /** Told how each sync ended, for the metrics. */
  onSynced?: (outcome: "changed" | "unchanged" | "failed") => void;
}

const ACCEPT = "application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";
const shown = (url: string) => (url.length > 200 ? `${url.slice(0, 200)}…` : url);
const unreadable = (url: string, why: Words) =>
  new AppError("UNPROCESSABLE", "feedReport.unreadableAt", { values: { url: shown(url), why } });

type Fetched = Extract<FetchResult, { status: "ok" }>;
/** Where the show says it has moved, and why that address does not work yet (null: it does). */
type Move = { url: string; problem: NoteText | null } | null;

/** Fetches the feed through the safe fetcher; a failed fetch is a 422 that says why. */
async function fetchFeed(
  deps: FeedSyncDeps,
  url: string,
  validators: { etag: string | null; lastModified: string | null },
): Promise<FetchResult> {
  try {
    return await safeFetch(url, { ...deps.limits, ...validators, allowPrivate: deps.allowPrivate, accept: ACCEPT });
  } catch (err) {
    if (err instanceof FetchError) throw unreadable(url, err.words);
    throw err;
  }
}

/** Reads the fetched feed in the feed worker (items whose hash is `known` unread); a feed it cannot read is a 422. */
async function parseFetched(deps: FeedSyncDeps, url: string, fetched: Fetched, known: Iterable<string>): Promise<ParsedFeed> {
  try {
    return await deps.workers.parseFeed(fetched.body, fetched.contentType, known);
  } catch (err) {
    if (err instanceof FeedParseError)
      throw new AppError("UNPROCESSABLE", "feedReport.refusedAt", { values: { why: err.words, url: shown(url) } });
    throw err;
  }
}

/** Why the address the show moved to does not work yet, or null when it holds a podcast feed. */
async function problemAt(deps: FeedSyncDeps, url: string): Promise<NoteText | null> {
  try {
    const fetched = await safeFetch(url, { ...deps.limits, allowPrivate: deps.allowPrivate, accept: ACCEPT });
    if (fetched.status === "ok") await deps.workers.parseFeed(fetched.body, fetched.contentType, []);
    return null;
  } catch (err) {
    if (err instanceof FetchError || err instanceof FeedParseError) return err.words;
    return words("feedReport.unreadable");
  }
}

/**
 * The feed fetched with the last answer's validators (when it is the same address), and read
 * unless it is not modified or its bytes are the ones read last time (`feed` null then).
 */
async function readFeed(
  deps: FeedSyncDeps,
  url: string,
  state: FeedSyncState,
): Promise<{ fetched: FetchResult; bodyHash: string | null; feed: ParsedFeed | null }> {
  const same = state.url === url;
  const fetched = await fetchFeed(deps, url, { etag: same ? state.etag : null, lastModified: same ? state.lastModified : null });
  const bodyHash = fetched.status === "ok" ? await sha256InSlices(fetched.body) : null;
  if (fetched.status !== "ok" || (same && state.bodyHash === bodyHash)) return { fetched, bodyHash, feed: null };
  return { fetched, bodyHash, feed: await parseFetched(deps, url, fetched, await feedStore.listFeedHashes(deps.db)) };
}

/**
 * Where the show says it has moved: a permanent redirect, or itunes:new-feed-url once read. A
 * move already known keeps its problem; a new one (or one that did not work) is tried.
 */
async function findMove(
  deps: FeedSyncDeps,
  url: string,
  state: FeedSyncState,
  fetched: FetchResult,
  feed: ParsedFeed | null,
): Promise<Move> {
  const known: Move =
    state.url === url && state.movedTo
      ? { url: state.movedTo, problem: state.moveError === null ? null : readStoredText(state.moveError) }
      : null;
  const movedTo = fetched.permanentUrl ?? (feed ? feed.newFeedUrl : (known?.url ?? null));
  if (!movedTo || movedTo === url) return null;
  if (fetched.permanentUrl) return { url: movedTo, problem: null };
  if (!known || known.url !== movedTo || known.problem) return { url: movedTo, problem: await problemAt(deps, movedTo) };
  return known;
}

/** The sync's result: the import's when the feed was read, else the last sync's with nothing changed. */
async function resultOf(
  deps: FeedSyncDeps,
  feed: ParsedFeed | null,
  url: string,
  state: FeedSyncState,
  autoPublish: boolean,
): Promise<SyncOutcome> {
  if (!feed) {
    // Not modified (304), or the same bytes as last time: nothing to read again.
    const previous = (state.lastResult as SyncOutcome | null) ?? null;
    return { added: 0, updated: 0, unchanged: state.itemCount, skipped: previous?.skipped ?? [], feedTitle: previous?.feedTitle ?? "" };
  }
  const { plan, refused } = await importFeed(deps, feed, url, autoPublish);
  return {
    added: plan.added - refused.length,
    updated: plan.updated,
    unchanged: plan.unchanged,
    skipped: [...feed.skipped, ...refused],
    feedTitle: feed.title,
  };
}

/**
 * A new site takes the show's name, description and language (its `<language>`, when the site
 * speaks it) from its feed; the owner's own stay.
 */
async function takeShowTexts(deps: FeedSyncDeps, feed: ParsedFeed | null, values: Map<string, string>): Promise<void> {
  const language = languageOfFeed(feed?.language);
  if (language && !values.get("site_language")) await deps.settings.write("site_language", language);
  if (feed?.title && !values.get("podcast_title")) await deps.settings.write("podcast_title", feed.title.slice(0, 200));
  if (feed?.description && !values.get("podcast_description"))
    await deps.settings.write("podcast_description", feed.description.slice(0, 5_000));
}

/** Offers the channel's artwork, hosts and links to whoever keeps them; one that fails is logged, not the sync's failure. */
async function offerChannel(deps: FeedSyncDeps, feed: ParsedFeed): Promise<void> {
  const { logger } = deps;
  if (feed.imageUrl)
    await deps
      .onChannelImage?.(feed.imageUrl)
      .catch((err: unknown) => logger?.warn({ err: (err as Error).message }, "the feed's artwork was not kept"));
  await deps.onHosts?.(feed.hosts).catch((err: unknown) => logger?.warn({ err: (err as Error).message }, "the feed's hosts were not kept"));
  await deps.onLinks?.(feed.links).catch((err: unknown) => logger?.warn({ err: (err as Error).message }, "the feed's links were not kept"));
}

/** One sync: fetch and read the feed, import it, note a move, and keep what was learnt for the next one. */
async function runSync(deps: FeedSyncDeps): Promise<SyncOutcome> {
  const { db, settings, logger } = deps;
  const values = await settings.getMany(["rss_url", "feed_auto_publish", "podcast_title", "podcast_description", "site_language"]);
  const url = values.get("rss_url")?.trim();
  if (!url) throw new AppError("BAD_REQUEST", "feedReport.noFeed");
  const state = await feedStore.readFeedSync(db);
  const { fetched, bodyHash, feed } = await readFeed(deps, url, state);
  const move = await findMove(deps, url, state, fetched, feed);
  const result = await resultOf(deps, feed, url, state, values.get("feed_auto_publish") === "true");
  if (move && move.url !== state.movedTo)
    logger?.info({ from: url, to: move.url, problem: move.problem }, "the feed says the show has moved; the owner is asked");
  await takeShowTexts(deps, feed, values);
  await feedStore.writeFeedSync(db, {
    url,
    ...(fetched.status === "ok" ? { etag: fetched.etag, lastModified: fetched.lastModified, bodyHash } : {}),
    ...(feed ? { itemCount: feed.items.length, channelImageUrl: feed.imageUrl } : {}),
    movedTo: move?.url ?? null,
    moveError: move?.problem ? storedText(move.problem) : null,
    lastSyncAt: new Date(),
    lastResult: result,
    lastError: null,
  });
  if (feed) await offerChannel(deps, feed);
  // Another show's feed: its name, description, artwork and hosts are offered to the owner in one step.
  if (feed && isAnotherShow(state, url, feed, values.get("podcast_title"))) await recordShowOffer(deps, state, url, feed);
  // Transcripts, chapters and artwork after the answer: a slow file never holds the owner back.
  deps.linkedFiles.kick();
  return result;
}

/** The feed's state for the owner's screen: the last sync, the next, a move, the files still to fetch. */
async function readStatus(deps: FeedSyncDeps): Promise<FeedState> {
  const { db, periodMinutes } = deps;
  const [state, values, pending] = await Promise.all([
    feedStore.readFeedSync(db),
    deps.settings.getMany(["rss_url"]),
    deps.linkedFiles.progress(),
  ]);
  const url = values.get("rss_url") || null;
  const next = periodMinutes > 0 && url ? new Date((state.lastAttemptAt?.getTime() ?? Date.now()) + periodMinutes * 60_000) : null;
  return {
    url,
    lastSyncAt: state.lastSyncAt?.toISOString() ?? null,
    lastResult: (state.lastResult as SyncOutcome | null) ?? null,
    lastError: state.lastError === null ? null : readStoredText(state.lastError),
    nextSyncAt: next?.toISOString() ?? null,
    move:
      state.movedTo && state.url === url
        ? { url: state.movedTo, problem: state.moveError === null ? null : readStoredText(state.moveError) }
        : null,
    extras: pending,
    neverSynced: !url || state.url !== url || !state.lastSyncAt,
    previousFeedEpisodes: url && state.url === url && state.lastSyncAt ? (await feedStore.otherFeedEpisodeIds(db, url)).length : 0,
  };
}

/**
 * The show's feed fills the episodes (docs/decisions/009-feed-sync.md): fetched through the
 * safe fetcher with the last answer's validators, read in the feed worker (items unchanged since
 * the last sync are not read again), imported in one transaction under the episodes' import
 * lock (feed/import-feed.ts), and answered as soon as the episodes are in: their files follow in
 * the background (feed/linked-files.ts). When the host says the show has moved, the owner is
 * asked before rss_url changes, and the owner's address is read until then.
 */
export function createFeedSync(deps: FeedSyncDeps): FeedSyncService {
  const { db, episodes, writes, settings, linkedFiles, periodMinutes, logger, onSynced } = deps;

  /** One sync, its failure kept for the status (and the owner's screen) in words. */
  const attempt = async (): Promise<SyncOutcome> => {
    try {
      const result = await runSync(deps);
      onSynced?.(result.added > 0 || result.updated > 0 ? "changed" : "unchanged");
      return result;
    } catch (err) {
      onSynced?.("failed");
      const message = err instanceof AppError ? err.words : words("feedReport.syncFailed");
      if (!(err instanceof AppError)) logger?.error({ err }, "the feed sync failed");
      await feedStore.writeFeedSync(db, { lastError: storedText(message) }).catch(() => {});
      throw err;
    }
  };

  // One sync at a time in this instance: a second ask while one runs gets that one's answer
  // (across instances, the import lock serialises them).
  let inFlight: Promise<SyncOutcome> | null = null;
  const once = () => (inFlight ??= attempt().finally(() => (inFlight = null)));

  const status = () => readStatus(deps);

  return {
    async sync() {
      await feedStore.writeFeedSync(db, { lastAttemptAt: new Date() });
      return once();
    },
    status,
    async syncIfDue() {
      // Every tick of the schedule also takes up the files whose wait is over.
      linkedFiles.kick();
      if (periodMinutes <= 0) return null;
      if (!(await settings.getMany(["rss_url"])).get("rss_url")?.trim()) return null;
      if (!(await feedStore.claimScheduledSync(db, periodMinutes))) return null;
      try {
        return await once();
      } catch (err) {
        logger?.warn({ err: (err as Error).message }, "the scheduled feed sync failed");
        return null;
      }
    },
    async deletePreviousFeedEpisodes() {
      const [state, values] = await Promise.all([feedStore.readFeedSync(db), settings.getMany(["rss_url"])]);
      const url = values.get("rss_url");
      if (!url || state.url !== url || !state.lastSyncAt) throw new AppError("CONFLICT", "feedReport.syncFirst");
      return writes.run(async (tx) => {
        await lockEpisodes(tx, "edit");
        const ids = await feedStore.otherFeedEpisodeIds(tx, url);
        await deleteEpisodes(tx, ids, { remember: false });
        return { count: ids.length };
      });
    },
    async restoreDeleted(id) {
      await episodes.restoreDeleted(id);
      // The feed may be as it was at the last sync: read it whole again, or the item stays out.
      await feedStore.writeFeedSync(db, { bodyHash: null, etag: null, lastModified: null });
      if (!(await settings.getMany(["rss_url"])).get("rss_url")?.trim()) return { sync: null, message: words("feedReport.restoredNoFeed") };
      await feedStore.writeFeedSync(db, { lastAttemptAt: new Date() });
      try {
        return { sync: await once() };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return { sync: null, message: words("feedReport.restoredLater", { why: err.words }) };
      }
    },
    showOffer: () => readShowOffer(deps),
    adoptShow: (take) => answerShowOffer(deps, take),
    async acceptMove() {
      const current = await status();
      if (!current.move) throw new AppError("NOT_FOUND", "feedReport.notMoved");
      if (current.move.problem)
        throw new AppError("UNPROCESSABLE", "feedReport.moveNotWorking", { values: { problem: current.move.problem } });
      await settings.write("rss_url", current.move.url);
      await feedStore.writeFeedSync(db, { movedTo: null, moveError: null });
      logger?.info({ to: current.move.url }, "the owner took the feed's new address");
      return status();
    },
  };
}
