import { sha256InSlices } from "../../platform/runtime/time-slices";
import type { FeedStatus, FeedSyncResult } from "../../../shared/api";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db, Executor } from "../../platform/db/client";
import { FeedParseError } from "./feed-text";
import type { FeedWorkers } from "./workers";
import type { ParsedFeed } from "./parse-feed";
import { AppError, sqlStateOf } from "../../platform/http/errors";
import type { Logger } from "../../platform/runtime/logger";
import { FetchError, safeFetch, type FetchResult } from "../../platform/net/safe-fetch";
import { deleteEpisodes, listTombstoneKeys, updateEpisode } from "../episodes";
import * as feedStore from "./storage";
import { lockEpisodes, lockOrdering } from "../../platform/db/locks";
import { forgetSlugs } from "../episodes";
import { replaceEpisodePeople, replaceShowPeople, upsertPeople } from "../people";
import type { EpisodesService } from "../episodes";
import type { FeedLinkedFiles } from "./linked-files";
import { matchFeed, planImport, type ImportPlan } from "./import-plan";
import type { SettingsService } from "../settings";

export interface FeedSyncService {
  /** Reads the feed named by rss_url and imports it; a failure is a 422 and changes no episode. */
  sync(): Promise<FeedSyncResult>;
  status(): Promise<FeedStatus>;
  /** The scheduled sync: runs only if no instance has synced in this period; the episodes' files that are due are fetched either way. */
  syncIfDue(): Promise<FeedSyncResult | null>;
  /** The owner takes the address the host moved the show to: it becomes rss_url. 404 when there is no move. */
  acceptMove(): Promise<FeedStatus>;
  /** Deletes the episodes of a previous feed (another show's), never the owner's own; they are not remembered as deleted. */
  deletePreviousFeedEpisodes(): Promise<{ count: number }>;
  /**
   * Brings back a feed episode the owner deleted: forgotten as deleted, then the feed is read
   * again (`sync`: what that did; null with the reason when it could not run: the episode then
   * comes back with the next sync that can).
   */
  restoreDeleted(id: number): Promise<{ sync: FeedSyncResult | null; message?: string }>;
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
const unreadable = (url: string, why: string) => new AppError("UNPROCESSABLE", `The feed at ${shown(url)} could not be read: ${why}`);

/** A row the database refused (a value already in use, a broken constraint): one item's problem, not the sync's. */
const isRowError = (err: unknown) => /^2[23]/.test(sqlStateOf(err) ?? "");
const rowReason = (err: unknown) => {
  const code = sqlStateOf(err);
  return code === "23505"
    ? "it could not be saved: its guid or slug is already another episode's"
    : `it could not be saved (database code ${code})`;
};

/**
 * The show's feed fills the episodes (docs/decisions/009-feed-sync.md): fetched through the
 * safe fetcher with the last answer's validators, read in the feed worker (items unchanged since
 * the last sync are not read again), imported in one transaction under the episodes' import
 * lock, and answered as soon as the episodes are in: their files follow in the background
 * (feed/linked-files.ts). When the host says the show has moved, the owner is asked before rss_url
 * changes, and the owner's address is read until then.
 */
export function createFeedSync(deps: FeedSyncDeps): FeedSyncService {
  const {
    db,
    episodes,
    writes,
    settings,
    workers,
    linkedFiles,
    periodMinutes,
    allowPrivate,
    onChannelImage,
    onHosts,
    onLinks,
    logger,
    limits,
    onSynced,
  } = deps;

  const fetchFeed = async (url: string, validators: { etag: string | null; lastModified: string | null }): Promise<FetchResult> => {
    try {
      return await safeFetch(url, { ...limits, ...validators, allowPrivate, accept: ACCEPT });
    } catch (err) {
      if (err instanceof FetchError) throw unreadable(url, err.message);
      throw err;
    }
  };

  const parse = async (url: string, fetched: Extract<FetchResult, { status: "ok" }>, known: Iterable<string>): Promise<ParsedFeed> => {
    try {
      return await workers.parseFeed(fetched.body, fetched.contentType, known);
    } catch (err) {
      if (err instanceof FeedParseError) throw new AppError("UNPROCESSABLE", `${err.message} (the feed at ${shown(url)})`);
      throw err;
    }
  };

  /** Why the address the show moved to does not work yet, or null when it holds a podcast feed. */
  const problemAt = async (url: string): Promise<string | null> => {
    try {
      const fetched = await safeFetch(url, { ...limits, allowPrivate, accept: ACCEPT });
      if (fetched.status === "ok") await workers.parseFeed(fetched.body, fetched.contentType, []);
      return null;
    } catch (err) {
      if (err instanceof FetchError || err instanceof FeedParseError) return err.message;
      return "it could not be read";
    }
  };

  /**
   * The plan's writes. `careful`: each row in a savepoint of its own, one the database refuses
   * skipped with its reason (used when the plain run failed on a row, so one bad item never
   * stops the others).
   */
  const apply = async (
    tx: Executor,
    plan: ImportPlan,
    url: string,
    careful: boolean,
  ): Promise<{ refused: FeedSyncResult["skipped"]; inserted: Map<string, number> }> => {
    const skipped: FeedSyncResult["skipped"] = [];
    const inserted = new Map<string, number>();
    await feedStore.shiftSortOrders(tx, plan.shift);
    await feedStore.markFeedUrl(tx, plan.carried, url);
    for (const row of plan.inserts) row.feedUrl = url;
    const each = async (title: string, write: (on: Executor) => Promise<unknown>) => {
      if (!careful) return void (await write(tx));
      try {
        await tx.transaction(async (savepoint) => void (await write(savepoint)));
      } catch (err) {
        if (!isRowError(err)) throw err;
        skipped.push({ title, reason: rowReason(err) });
      }
    };
    const keep = (rows: { id: number; slug: string }[]) => rows.forEach((row) => inserted.set(row.slug, row.id));
    if (careful) for (const row of plan.inserts) await each(row.title, async (on) => keep(await feedStore.insertEpisodes(on, [row])));
    else keep(await feedStore.insertEpisodes(tx, plan.inserts));
    for (const { id, values, title, visible } of plan.updates)
      await each(title, (on) => updateEpisode(on, id, values, { newVersion: visible }));
    // Another episode's old address that a new one now takes answers for the new one.
    await forgetSlugs(tx, "episode", [...inserted.keys()]);
    return { refused: skipped, inserted };
  };

  /**
   * Who is in each episode read anew (its item's people; none: the show's), and the show's own
   * people, in the import's transaction: a page never shows an episode without them.
   */
  const writePeople = async (tx: Executor, feed: ParsedFeed, plan: ImportPlan, inserted: Map<string, number>) => {
    const entries = plan.people
      .map((p) => ({ episodeId: p.id ?? inserted.get(p.slug!), people: p.people }))
      .filter((e): e is { episodeId: number; people: typeof e.people } => e.episodeId !== undefined);
    const ids = await upsertPeople(tx, [...feed.people, ...entries.flatMap((e) => e.people)]);
    await replaceEpisodePeople(tx, entries, ids);
    await replaceShowPeople(tx, feed.people, ids);
  };

  const importFeed = async (feed: ParsedFeed, url: string, autoPublish: boolean) => {
    const attempt = (careful: boolean) =>
      writes.run(async (tx) => {
        await lockEpisodes(tx, "import");
        await lockOrdering(tx, "episodes");
        const tombstones = await listTombstoneKeys(tx);
        const deleted = {
          guids: new Set(tombstones.map((t) => t.guid).filter((g): g is string => !!g)),
          enclosures: new Set(tombstones.map((t) => t.enclosureKey).filter((e): e is string => !!e)),
        };
        const match = await matchFeed(feed.items, await feedStore.listEpisodesForSync(tx));
        const plan = await planImport(match, await feedStore.listFeedFields(tx, match.compare), { autoPublish, deleted });
        const { refused, inserted } = await apply(tx, plan, url, careful);
        await writePeople(tx, feed, plan, inserted);
        return { plan, refused };
      });
    try {
      return await attempt(false);
    } catch (err) {
      if (!isRowError(err)) throw err;
      logger?.warn({ err: (err as Error).message }, "an item of the feed was refused by the database; importing the others one by one");
      return attempt(true);
    }
  };

  const run = async (): Promise<FeedSyncResult> => {
    const values = await settings.getMany(["rss_url", "feed_auto_publish", "podcast_title", "podcast_description"]);
    const url = values.get("rss_url")?.trim();
    if (!url) throw new AppError("BAD_REQUEST", "No feed to sync: set the Main RSS Feed URL first");
    const state = await feedStore.readFeedSync(db);
    const same = state.url === url;
    const fetched = await fetchFeed(url, { etag: same ? state.etag : null, lastModified: same ? state.lastModified : null });
    let feed: ParsedFeed | null = null;
    const bodyHash = fetched.status === "ok" ? await sha256InSlices(fetched.body) : null;
    if (fetched.status === "ok" && !(same && state.bodyHash === bodyHash)) {
      feed = await parse(url, fetched, await feedStore.listFeedHashes(db));
    }
    // Where the show says it has moved: a permanent redirect, or itunes:new-feed-url once read.
    let move = same && state.movedTo ? { url: state.movedTo, problem: state.moveError } : null;
    const movedTo = fetched.permanentUrl ?? (feed ? feed.newFeedUrl : (move?.url ?? null));
    if (!movedTo || movedTo === url) move = null;
    else if (fetched.permanentUrl) move = { url: movedTo, problem: null };
    else if (!move || move.url !== movedTo || move.problem) move = { url: movedTo, problem: await problemAt(movedTo) };

    const previous = (state.lastResult as FeedSyncResult | null) ?? null;
    let result: FeedSyncResult;
    if (feed) {
      const { plan, refused } = await importFeed(feed, url, values.get("feed_auto_publish") === "true");
      result = {
        added: plan.added - refused.length,
        updated: plan.updated,
        unchanged: plan.unchanged,
        skipped: [...feed.skipped, ...refused],
        feedTitle: feed.title,
      };
    } else {
      // Not modified (304), or the same bytes as last time: nothing to read again.
      result = { added: 0, updated: 0, unchanged: state.itemCount, skipped: previous?.skipped ?? [], feedTitle: previous?.feedTitle ?? "" };
    }
    if (move && move.url !== state.movedTo)
      logger?.info({ from: url, to: move.url, problem: move.problem }, "the feed says the show has moved; the owner is asked");
    // A new site takes the show's name and description from its feed; the owner's own stay.
    if (feed?.title && !values.get("podcast_title")) await settings.write("podcast_title", feed.title.slice(0, 200));
    if (feed?.description && !values.get("podcast_description"))
      await settings.write("podcast_description", feed.description.slice(0, 5_000));
    await feedStore.writeFeedSync(db, {
      url,
      ...(fetched.status === "ok" ? { etag: fetched.etag, lastModified: fetched.lastModified, bodyHash } : {}),
      ...(feed ? { itemCount: feed.items.length, channelImageUrl: feed.imageUrl } : {}),
      movedTo: move?.url ?? null,
      moveError: move?.problem ?? null,
      lastSyncAt: new Date(),
      lastResult: result,
      lastError: null,
    });
    if (feed?.imageUrl)
      await onChannelImage?.(feed.imageUrl).catch((err: unknown) =>
        logger?.warn({ err: (err as Error).message }, "the feed's artwork was not kept"),
      );
    if (feed)
      await onHosts?.(feed.hosts).catch((err: unknown) => logger?.warn({ err: (err as Error).message }, "the feed's hosts were not kept"));
    if (feed)
      await onLinks?.(feed.links).catch((err: unknown) => logger?.warn({ err: (err as Error).message }, "the feed's links were not kept"));
    // Transcripts, chapters and artwork after the answer: a slow file never holds the owner back.
    linkedFiles.kick();
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
      if (!(err instanceof AppError)) logger?.error({ err }, "the feed sync failed");
      await feedStore.writeFeedSync(db, { lastError: message }).catch(() => {});
      throw err;
    }
  };

  // One sync at a time in this instance: a second ask while one runs gets that one's answer
  // (across instances, the import lock serialises them).
  let inFlight: Promise<FeedSyncResult> | null = null;
  const once = () => (inFlight ??= attempt().finally(() => (inFlight = null)));

  const status = async (): Promise<FeedStatus> => {
    const [state, values, pending] = await Promise.all([feedStore.readFeedSync(db), settings.getMany(["rss_url"]), linkedFiles.progress()]);
    const url = values.get("rss_url") || null;
    const next = periodMinutes > 0 && url ? new Date((state.lastAttemptAt?.getTime() ?? Date.now()) + periodMinutes * 60_000) : null;
    return {
      url,
      lastSyncAt: state.lastSyncAt?.toISOString() ?? null,
      lastResult: (state.lastResult as FeedSyncResult | null) ?? null,
      lastError: state.lastError,
      nextSyncAt: next?.toISOString() ?? null,
      move: state.movedTo && state.url === url ? { url: state.movedTo, problem: state.moveError } : null,
      extras: pending,
      neverSynced: !url || state.url !== url || !state.lastSyncAt,
      previousFeedEpisodes: url && state.url === url && state.lastSyncAt ? (await feedStore.otherFeedEpisodeIds(db, url)).length : 0,
    };
  };

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
      if (!url || state.url !== url || !state.lastSyncAt)
        throw new AppError("CONFLICT", "Sync the new feed first: only then is it known which episodes it does not carry");
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
      if (!(await settings.getMany(["rss_url"])).get("rss_url")?.trim())
        return { sync: null, message: "No feed is set: the episode comes back once one is synced" };
      await feedStore.writeFeedSync(db, { lastAttemptAt: new Date() });
      try {
        return { sync: await once() };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return { sync: null, message: `${err.message}. The episode comes back with the next sync that reads the feed.` };
      }
    },
    async acceptMove() {
      const current = await status();
      if (!current.move) throw new AppError("NOT_FOUND", "The feed has not moved");
      if (current.move.problem) throw new AppError("UNPROCESSABLE", `The new address does not work yet: ${current.move.problem}`);
      await settings.write("rss_url", current.move.url);
      await feedStore.writeFeedSync(db, { movedTo: null, moveError: null });
      logger?.info({ to: current.move.url }, "the owner took the feed's new address");
      return status();
    },
  };
}
