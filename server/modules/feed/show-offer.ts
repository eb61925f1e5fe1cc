import { z } from "zod";
import type { ShowChange, ShowField, ShowOffer } from "../../../shared/feed-show";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/http/errors";
import type { Logger } from "../../platform/runtime/logger";
import { readShowIdentity, takeShowIdentity } from "../identity";
import { getVersionedSettings, lockSetting, putSetting, type SettingsService } from "../settings";
import type { FeedLinkedFiles } from "./linked-files";
import type { ParsedFeed } from "./parse-feed";
import type { FeedSyncState } from "./storage";

/**
 * The new show's identity, as the first sync of another show's feed found it, kept under a
 * settings key of its own (outside the spec's settings API) until the owner answers: its name,
 * description, artwork (already kept here) and hosts' names. "" once answered.
 */
const OFFER_KEY = "feed_show_offer";
const storedOfferSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  artwork: z.string().nullable(),
  hosts: z.array(z.string()),
});
type StoredOffer = z.infer<typeof storedOfferSchema>;

export interface ShowOfferDeps {
  db: Db;
  writes: SiteWrites;
  settings: SettingsService;
  linkedFiles: FeedLinkedFiles;
  logger?: Logger;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((name, i) => name === b[i]);

/**
 * Whether this sync reads another show than the one the site has: the site has a name (the
 * previous show's), the address changed after a sync of another, and the feed's name is not
 * the last one's (a show that moved keeps its name).
 */
export function isAnotherShow(state: FeedSyncState, url: string, feed: ParsedFeed, siteName: string | undefined): boolean {
  if (!siteName || !state.url || state.url === url || !state.lastSyncAt) return false;
  const previousTitle = (state.lastResult as { feedTitle?: string } | null)?.feedTitle ?? "";
  return !previousTitle || !sameName(previousTitle, feed.title);
}

async function readStored(db: Db): Promise<{ offer: StoredOffer | null; version: number }> {
  const row = (await getVersionedSettings(db, [OFFER_KEY])).get(OFFER_KEY);
  if (!row?.value) return { offer: null, version: row?.version ?? 0 };
  try {
    return { offer: storedOfferSchema.parse(JSON.parse(row.value)), version: row.version };
  } catch {
    return { offer: null, version: row.version };
  }
}

/**
 * Keeps what the new show's feed offers (after its channel's hosts were kept: they are what
 * "hosts" takes). Its artwork is fetched now, when it is not the previous show's, so that taking
 * it later is one transaction with nothing left to fetch.
 */
export async function recordShowOffer(deps: ShowOfferDeps, state: FeedSyncState, url: string, feed: ParsedFeed): Promise<void> {
  let artwork: string | null = null;
  if (feed.imageUrl && feed.imageUrl !== state.channelImageUrl)
    artwork = await deps.linkedFiles.keepShowArtwork(feed.imageUrl).catch((err: unknown) => {
      deps.logger?.warn({ err: (err as Error).message }, "the new show's artwork could not be kept");
      return null;
    });
  const offer: StoredOffer = {
    url,
    title: feed.title.slice(0, 200),
    description: (feed.description ?? "").slice(0, 5_000),
    artwork,
    hosts: feed.hosts.slice(0, 4).map((h) => h.name),
  };
  await putSetting(deps.db, OFFER_KEY, JSON.stringify(offer));
  deps.logger?.info({ from: state.url, to: url }, "the feed is another show's; the owner is offered its identity");
}

/** What taking the stored offer would change now (nothing already the new show's is listed). */
async function changesOf(deps: ShowOfferDeps, offer: StoredOffer): Promise<ShowChange[]> {
  const [values, now] = await Promise.all([deps.settings.getMany(["podcast_title", "podcast_description"]), readShowIdentity(deps.db)]);
  const title = values.get("podcast_title") ?? "";
  const description = values.get("podcast_description") ?? "";
  const changes: ShowChange[] = [];
  if (offer.title && (title !== offer.title || now.aboutTitle))
    changes.push({ field: "title", from: title, to: offer.title, aboutTitle: now.aboutTitle });
  if (offer.description && (description !== offer.description || now.aboutIntro))
    changes.push({ field: "description", from: description, to: offer.description, aboutIntro: now.aboutIntro });
  if (offer.artwork && offer.artwork !== now.artwork) changes.push({ field: "artwork", from: now.artwork, to: offer.artwork });
  if (now.ownHosts && !sameList(now.ownHosts, offer.hosts)) changes.push({ field: "hosts", from: now.ownHosts, to: offer.hosts });
  return changes;
}

/** The offer waiting for the owner's answer, with the stored offer's version; `offer` is null when there is none for the feed address set now, or nothing would change. */
async function pendingOffer(deps: ShowOfferDeps): Promise<{ offer: ShowOffer | null; version: number }> {
  const [{ offer, version }, values] = await Promise.all([readStored(deps.db), deps.settings.getMany(["rss_url"])]);
  if (!offer || offer.url !== values.get("rss_url")) return { offer: null, version };
  const changes = await changesOf(deps, offer);
  return { offer: changes.length > 0 ? { url: offer.url, showTitle: offer.title, changes } : null, version };
}

/** The offer waiting for the owner's answer, for the feed address set now; null when there is none or nothing would change. */
export async function readShowOffer(deps: ShowOfferDeps): Promise<ShowOffer | null> {
  return (await pendingOffer(deps)).offer;
}

/**
 * The owner's answer: every field in `take` becomes the new show's, in one transaction, and the
 * offer is answered (an empty `take` keeps the owner's own). 404 when nothing is offered; 409
 * when a field asked for is not offered (any more), or the offer changed meanwhile.
 */
export async function answerShowOffer(deps: ShowOfferDeps, take: ShowField[]): Promise<{ taken: ShowField[] }> {
  const { offer, version } = await pendingOffer(deps);
  if (!offer) throw new AppError("NOT_FOUND", "feedReport.noShowOffer");
  const change = <F extends ShowField>(field: F) =>
    offer.changes.find((c): c is Extract<ShowChange, { field: F }> => c.field === field && take.includes(field));
  if (take.some((field) => !offer.changes.some((c) => c.field === field))) throw new AppError("CONFLICT", "feedReport.showOfferChanged");
  const [title, description, artwork, hosts] = [change("title"), change("description"), change("artwork"), change("hosts")];
  await deps.writes.run(async (tx) => {
    // One answer at a time, and only to the offer that was read.
    if ((await lockSetting(tx, OFFER_KEY)) !== version) throw new AppError("CONFLICT", "feedReport.showOfferChanged");
    if (title) await putSetting(tx, "podcast_title", title.to);
    if (description) await putSetting(tx, "podcast_description", description.to);
    await takeShowIdentity(tx, { artwork: artwork?.to, hosts: !!hosts, title: !!title, intro: !!description });
    await putSetting(tx, OFFER_KEY, "");
  });
  deps.logger?.info({ taken: take }, take.length > 0 ? "the owner took the new show's identity" : "the owner kept the show's identity");
  return { taken: take };
}
