import crypto from "node:crypto";
import type { FeedStatus, FeedSyncResult } from "../../shared/api";
import type { Db } from "../db/client";
import { FeedParseError } from "../feed/feed-text";
import { parseFeed, type ParsedFeed } from "../feed/parse-feed";
import { AppError } from "../lib/errors";
import type { Logger } from "../lib/logger";
import { FetchError, safeFetch, type FetchResult } from "../lib/safe-fetch";
import { updateEpisode } from "../storage/episodes";
import * as feedStore from "../storage/feed";
import { fetchEpisodeExtras, keepEpisodeArtwork } from "./feed-extras";
import type { PicturesService } from "./pictures";
import { planImport } from "./feed-import";
import type { SettingsService } from "./settings";

export interface FeedSyncService {
  /** Reads the feed named by rss_url and imports it; a failure is a 422 and changes no episode. */
  sync(): Promise<FeedSyncResult>;
  status(): Promise<FeedStatus>;
  /** The scheduled sync: runs only if no instance has synced in this period. */
  syncIfDue(): Promise<FeedSyncResult | null>;
}

export interface FeedSyncDeps {
  db: Db;
  settings: SettingsService;
  /** Every FEED_SYNC_MINUTES; 0: no schedule. */
  periodMinutes: number;
  allowPrivate: boolean;
  onChange: () => void;
  /** Keeps episodes' artwork here (fetched from the feed's addresses). */
  pictures?: PicturesService;
  /** The channel's artwork, offered as the show's (taken when the owner has set none). */
  onChannelImage?: (url: string | null) => Promise<void>;
  logger?: Logger;
  /** The fetcher's limits (20 s, 50 MB by default); tests make them small. */
  limits?: { timeoutMs?: number; maxBytes?: number };
  /** Told how each sync ended, for the metrics. */
  onSynced?: (outcome: "changed" | "unchanged" | "failed") => void;
}

const ACCEPT = "application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5";
const hashOf = (body: Buffer) => crypto.createHash("sha256").update(body).digest("base64url");
const unreadable = (why: string) => new AppError("UNPROCESSABLE", `The feed could not be read: ${why}`);

/**
 * The show's feed fills the episodes (docs/decisions/009-feed-sync.md): fetched through the
 * safe fetcher with the last answer's validators, not parsed again when its bytes did not change,
 * imported in one transaction that one instance at a time holds, and followed when it moves
 * (a permanent redirect, or itunes:new-feed-url), the stored address updated.
 */
export function createFeedSync({ db, settings, periodMinutes, allowPrivate, onChange, onChannelImage, pictures, logger, limits, onSynced }: FeedSyncDeps): FeedSyncService {
  const fetchFeed = async (url: string, state: feedStore.FeedSyncState): Promise<FetchResult> => {
    const same = state.url === url;
    try {
      return await safeFetch(url, { ...limits, etag: same ? state.etag : null, lastModified: same ? state.lastModified : null, allowPrivate, accept: ACCEPT });
    } catch (err) {
      if (err instanceof FetchError) throw unreadable(err.message);
      throw err;
    }
  };

  const parse = (fetched: Extract<FetchResult, { status: "ok" }>): ParsedFeed => {
    try {
      return parseFeed(fetched.body, fetched.contentType);
    } catch (err) {
      if (err instanceof FeedParseError) throw new AppError("UNPROCESSABLE", err.message);
      throw err;
    }
  };

  const importFeed = (feed: ParsedFeed, autoPublish: boolean) =>
    db.transaction(async (tx) => {
      await feedStore.lockFeedImport(tx);
      const plan = planImport(feed.items, await feedStore.listEpisodesForSync(tx), { autoPublish });
      await feedStore.shiftSortOrders(tx, plan.shift);
      await feedStore.insertEpisodes(tx, plan.inserts);
      for (const { id, values } of plan.updates) await updateEpisode(tx, id, values);
      return plan;
    });

  const run = async (): Promise<FeedSyncResult> => {
    const values = await settings.getMany(["rss_url", "feed_auto_publish", "podcast_title", "podcast_description"]);
    const asked = values.get("rss_url")?.trim();
    if (!asked) throw new AppError("BAD_REQUEST", "No feed to sync: set the Main RSS Feed URL first");
    const state = await feedStore.readFeedSync(db);
    let url = asked;
    let fetched = await fetchFeed(url, state);
    if (fetched.permanentUrl) url = fetched.permanentUrl;
    let feed: ParsedFeed | null = null;
    if (fetched.status === "ok" && !(state.url === url && state.bodyHash === hashOf(fetched.body))) {
      feed = parse(fetched);
      // The host says the show has moved: read it there once, and keep the new address.
      if (feed.newFeedUrl && feed.newFeedUrl !== url) {
        url = feed.newFeedUrl;
        fetched = await fetchFeed(url, state);
        if (fetched.permanentUrl) url = fetched.permanentUrl;
        feed = fetched.status === "ok" ? parse(fetched) : null;
      }
    }
    const previous = (state.lastResult as FeedSyncResult | null) ?? null;
    let result: FeedSyncResult;
    if (feed) {
      const plan = await importFeed(feed, values.get("feed_auto_publish") === "true");
      result = { added: plan.added, updated: plan.updated, unchanged: plan.unchanged, skipped: feed.skipped, feedTitle: feed.title };
    } else {
      // Not modified (304), or the same bytes as last time: nothing to read again.
      result = { added: 0, updated: 0, unchanged: state.itemCount, skipped: previous?.skipped ?? [], feedTitle: previous?.feedTitle ?? "" };
    }
    // A new site takes the show's name and description from its feed; the owner's own stay.
    if (feed?.title && !values.get("podcast_title")) await settings.write("podcast_title", feed.title.slice(0, 200));
    if (feed?.description && !values.get("podcast_description")) await settings.write("podcast_description", feed.description.slice(0, 5_000));
    if (url !== asked) {
      await settings.write("rss_url", url);
      logger?.info({ from: asked, to: url }, "the feed has moved; its new address is kept");
    }
    await feedStore.writeFeedSync(db, {
      url,
      ...(fetched.status === "ok" ? { etag: fetched.etag, lastModified: fetched.lastModified, bodyHash: hashOf(fetched.body) } : {}),
      ...(feed ? { itemCount: feed.items.length, channelImageUrl: feed.imageUrl } : {}),
      lastSyncAt: new Date(),
      lastResult: result,
      lastError: null,
    });
    if (feed?.imageUrl) await onChannelImage?.(feed.imageUrl).catch((err: unknown) => logger?.warn({ err: (err as Error).message }, "the feed's artwork was not kept"));
    // Transcripts and chapters after the import: a slow file never holds the episodes back.
    const failed = (what: string) => (err: unknown) => {
      logger?.warn({ err: (err as Error).message }, `fetching ${what} failed`);
      return 0;
    };
    const extras =
      (await fetchEpisodeExtras(db, { allowPrivate, logger }).catch(failed("transcripts and chapters"))) +
      (pictures ? await keepEpisodeArtwork(db, pictures).catch(failed("episode artwork")) : 0);
    if (result.added > 0 || result.updated > 0 || extras > 0) onChange();
    return result;
  };

  /** One sync, its failure kept for the status (and the owner's screen) in words. */
  const attempt = async (): Promise<FeedSyncResult> => {
    try {
      const result = await run();
      onSynced?.(result.added > 0 || result.updated > 0 ? "changed" : "unchanged");
      return result;
    } catch (err) {
      onSynced?.("failed");
      const message = err instanceof AppError ? err.message : "The feed could not be synced: an unexpected error";
      await feedStore.writeFeedSync(db, { lastError: message }).catch(() => {});
      throw err;
    }
  };

  const sync = async (): Promise<FeedSyncResult> => {
    await feedStore.writeFeedSync(db, { lastAttemptAt: new Date() });
    return attempt();
  };

  return {
    sync,
    async status() {
      const [state, values] = await Promise.all([feedStore.readFeedSync(db), settings.getMany(["rss_url"])]);
      const url = values.get("rss_url") || null;
      const next = periodMinutes > 0 && url ? new Date((state.lastAttemptAt?.getTime() ?? Date.now()) + periodMinutes * 60_000) : null;
      return {
        url,
        lastSyncAt: state.lastSyncAt?.toISOString() ?? null,
        lastResult: (state.lastResult as FeedSyncResult | null) ?? null,
        lastError: state.lastError,
        nextSyncAt: next?.toISOString() ?? null,
      };
    },
    async syncIfDue() {
      if (periodMinutes <= 0) return null;
      if (!(await settings.getMany(["rss_url"])).get("rss_url")?.trim()) return null;
      if (!(await feedStore.claimScheduledSync(db, periodMinutes))) return null;
      try {
        return await attempt();
      } catch (err) {
        logger?.warn({ err: (err as Error).message }, "the scheduled feed sync failed");
        return null;
      }
    },
  };
}
