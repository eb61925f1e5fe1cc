import type { FeedItem, ItemIdentity, KnownItem } from "./parse-feed";
import type { FeedPerson } from "./podcasting";
import type { EpisodeValues } from "../episodes";
import type { StoredFeedFields, SyncedEpisode } from "./storage";
import { timeSlices } from "../../platform/runtime/time-slices";

/** What the feed says of an episode, in the episodes table's fields. */
type FeedValues = Pick<
  EpisodeValues,
  | "title"
  | "description"
  | "showNotes"
  | "audioUrl"
  | "audioType"
  | "audioLength"
  | "durationSeconds"
  | "publishedAt"
  | "imageUrl"
  | "seasonNumber"
  | "episodeNumber"
  | "episodeType"
  | "link"
  | "transcriptUrl"
  | "transcriptType"
  | "chaptersUrl"
  | "discussionUrl"
>;

export interface ImportPlan {
  /** Added to every stored episode's order first, to make room above them (their order is kept). */
  shift: number;
  inserts: EpisodeValues[];
  /** `visible`: the change is one the admin's form shows (a new version), not bookkeeping alone. */
  updates: { id: number; title: string; values: Partial<EpisodeValues>; visible: boolean }[];
  added: number;
  updated: number;
  unchanged: number;
  /** Every stored episode the feed still carries (changed or not). */
  carried: number[];
  /** The people of each item read anew: its episode by id, or a new one by its slug. */
  people: { id: number | null; slug: string | null; people: FeedPerson[] }[];
}

function feedValuesOf(item: FeedItem): FeedValues {
  return {
    title: item.title,
    description: item.summary,
    showNotes: item.showNotes,
    audioUrl: item.audioUrl,
    audioType: item.audioType,
    audioLength: item.audioLength,
    durationSeconds: item.durationSeconds,
    publishedAt: item.publishedAt,
    imageUrl: item.imageUrl,
    seasonNumber: item.seasonNumber,
    episodeNumber: item.episodeNumber,
    episodeType: item.episodeType,
    link: item.link,
    transcriptUrl: item.transcriptUrl,
    transcriptType: item.transcriptType,
    chaptersUrl: item.chaptersUrl,
    discussionUrl: item.discussionUrl,
  };
}

const same = (a: unknown, b: unknown) => (a instanceof Date || b instanceof Date ? String(a) === String(b) : (a ?? null) === (b ?? null));
const isEmpty = (value: unknown) => value === null || value === undefined || value === "";

/** Columns a sync keeps up to date that no visitor or form sees. */
const BOOKKEEPING = new Set([
  "enclosureKey",
  "guid",
  "transcriptFailures",
  "transcriptRetryAt",
  "chaptersFailures",
  "chaptersRetryAt",
  "imageFailures",
  "imageRetryAt",
]);

const titleKey = (title: string) => title.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Finds each item's episode once (docs/product.md): first every item with a guid by its guid;
 * then the rest by their audio file, then their title, among the episodes no item has claimed
 * and whose own guid is not in the feed (an episode whose guid the feed still carries is that
 * item's, however alike another item's file or title may be).
 */
async function matchItems(
  items: (FeedItem | KnownItem)[],
  existing: SyncedEpisode[],
  slices: ReturnType<typeof timeSlices>,
): Promise<Map<FeedItem | KnownItem, SyncedEpisode>> {
  const matches = new Map<FeedItem | KnownItem, SyncedEpisode>();
  const claimed = new Set<number>();
  const byGuid = new Map(existing.filter((e) => e.guid).map((e) => [e.guid!, e]));
  for (const item of items) {
    await slices.pause();
    const found = item.keys.guid ? byGuid.get(item.keys.guid) : undefined;
    if (found) {
      matches.set(item, found);
      claimed.add(found.id);
    }
  }
  const feedGuids = new Set(items.map((i) => i.keys.guid).filter((g): g is string => !!g));
  const free = existing.filter((e) => !claimed.has(e.id) && !(e.guid && feedGuids.has(e.guid)));
  const index = (key: (e: SyncedEpisode) => string | null) => {
    const map = new Map<string, SyncedEpisode[]>();
    for (const e of free) {
      const k = key(e);
      if (k) map.set(k, [...(map.get(k) ?? []), e]);
    }
    return (k: string | null) => (k ? map.get(k)?.find((e) => !claimed.has(e.id)) : undefined);
  };
  const byEnclosure = index((e) => e.enclosureKey);
  const byTitle = index((e) => titleKey(e.title));
  for (const item of items) {
    if (matches.has(item)) continue;
    await slices.pause();
    const found = byEnclosure(item.keys.enclosure) ?? byTitle(item.keys.title);
    if (found) {
      matches.set(item, found);
      claimed.add(found.id);
    }
  }
  return matches;
}

/** Each item's episode, and the episodes whose items were read anew: only their stored fields are compared. */
export interface FeedMatch {
  items: (FeedItem | KnownItem)[];
  existing: SyncedEpisode[];
  matches: Map<FeedItem | KnownItem, SyncedEpisode>;
  /** The ids of the episodes to compare with their items (listFeedFields reads them). */
  compare: number[];
}

/** An item whose bytes hash as its episode's did when last read: nothing of it to compare. */
const readBefore = (item: FeedItem | KnownItem, episode: SyncedEpisode | undefined) =>
  episode !== undefined && episode.feedHash === item.rawHash;

/** Run in slices of the event loop (platform/runtime/time-slices.ts), as planImport is: a feed may hold thousands. */
export async function matchFeed(items: (FeedItem | KnownItem)[], existing: SyncedEpisode[]): Promise<FeedMatch> {
  const matches = await matchItems(items, existing, timeSlices());
  const compare: number[] = [];
  for (const item of items) {
    const episode = matches.get(item);
    if (episode && !item.known && !readBefore(item, episode)) compare.push(episode.id);
  }
  return { items, existing, matches, compare };
}

/**
 * What the feed changes of an episode it already has. The owner wins (docs/decisions/009-feed-sync.md):
 * a field the admin edited by hand is left alone; an episode the admin typed in ("manual") only
 * gains what it lacks, and is linked to its item (guid, enclosure) so the next sync finds it at once.
 * Publish state and order are never the feed's to change.
 */
function changesFor(episode: SyncedEpisode, stored: StoredFeedFields, values: FeedValues, keys: ItemIdentity): Partial<EpisodeValues> {
  const changes: Partial<EpisodeValues> = {};
  for (const [field, value] of Object.entries(values) as [keyof FeedValues, FeedValues[keyof FeedValues]][]) {
    if (stored.editedFields.includes(field)) continue;
    if (stored.source === "manual" && !isEmpty(stored[field])) continue;
    if (!same(stored[field], value)) Object.assign(changes, { [field]: value });
  }
  if (keys.guid && episode.guid !== keys.guid) changes.guid = keys.guid;
  if (episode.enclosureKey !== keys.enclosure) changes.enclosureKey = keys.enclosure;
  // A file at a new address is tried afresh, however often the old one failed.
  if (changes.transcriptUrl !== undefined) Object.assign(changes, { transcriptFailures: 0, transcriptRetryAt: null });
  if (changes.chaptersUrl !== undefined) Object.assign(changes, { chaptersFailures: 0, chaptersRetryAt: null });
  if (changes.imageUrl !== undefined) Object.assign(changes, { imageFailures: 0, imageRetryAt: null });
  return changes;
}

/** Slugs for new episodes, unique among the stored ones and each other (-2, -3... on a clash). */
function slugMaker(existing: SyncedEpisode[]) {
  const taken = new Set(existing.map((e) => e.slug).filter((s): s is string => !!s));
  return (item: FeedItem) => {
    const base = item.slugBase || "episode";
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  };
}

/** What identifies the feed items whose episodes the owner deleted (a sync leaves them out). */
export interface DeletedItems {
  guids: ReadonlySet<string>;
  enclosures: ReadonlySet<string>;
}

/** An item whose episode the owner deleted: by its guid, or (without one) by its audio file. */
const wasDeleted = (keys: ItemIdentity, deleted: DeletedItems | undefined) =>
  !!deleted && (keys.guid ? deleted.guids.has(keys.guid) : deleted.enclosures.has(keys.enclosure));

/**
 * The changes a sync makes, decided without touching the database (`stored`: the feed fields of
 * the episodes `match.compare` names): which items are new, which episodes change and which stay
 * as they are. New episodes are drafts unless `autoPublish`; they go above the others, newest
 * first, when they are newer than every stored episode (after a first import, the newest is
 * first), and below them otherwise (an old episode showing up late).
 */
export async function planImport(
  { items, existing, matches }: FeedMatch,
  stored: ReadonlyMap<number, StoredFeedFields>,
  options: { autoPublish: boolean; deleted?: DeletedItems },
): Promise<ImportPlan> {
  const slices = timeSlices();
  const nextSlug = slugMaker(existing);
  const plan: ImportPlan = {
    shift: 0,
    inserts: [],
    updates: [],
    added: 0,
    updated: 0,
    unchanged: 0,
    carried: [...new Set(matches.values())].map((e) => e.id),
    people: [],
  };
  const fresh: { values: EpisodeValues; date: number }[] = [];
  for (const item of items) {
    await slices.pause();
    const episode = matches.get(item);
    // Read as last time (known to the worker, or hashing as its episode's did): unchanged. A known
    // item whose episode has gone since the feed was read is left for the next sync, which reads
    // it whole. The same test as matchFeed's `compare`, which read the stored fields of the rest.
    if (item.known || readBefore(item, episode)) {
      plan.unchanged++;
      continue;
    }
    const { keys, rawHash: feedHash } = item;
    const values = feedValuesOf(item);
    if (!episode && wasDeleted(keys, options.deleted)) continue;
    if (!episode) {
      // The row is the item's values with its own added in place. Spreading them into a new
      // literal of 24 properties cost 50-60 ms of the event loop for 3,000 new items (a first
      // import of a big back catalogue), against 5-15 ms this way.
      const row: EpisodeValues = Object.assign(values, {
        slug: nextSlug(item),
        source: "feed" as const,
        guid: keys.guid,
        enclosureKey: keys.enclosure,
        feedHash,
        isPublished: options.autoPublish,
      });
      fresh.push({ values: row, date: item.publishedAt?.getTime() ?? 0 });
      plan.people.push({ id: null, slug: row.slug!, people: item.people });
      continue;
    }
    const fields = stored.get(episode.id);
    if (!fields) throw new Error(`episode ${episode.id}'s stored fields were not read`);
    const changes = changesFor(episode, fields, values, keys);
    // Only what a visitor would see counts as an update; the bookkeeping alone does not.
    const visible = Object.keys(changes).some((k) => !BOOKKEEPING.has(k));
    plan.updates.push({ id: episode.id, title: item.title, values: { ...changes, feedHash }, visible });
    plan.people.push({ id: episode.id, slug: null, people: item.people });
    if (visible) plan.updated++;
    else plan.unchanged++;
  }

  fresh.sort((a, b) => b.date - a.date);
  const newestStored = Math.max(0, ...existing.map((e) => e.publishedAt?.getTime() ?? 0));
  const above = existing.length === 0 ? fresh : fresh.filter((f) => f.date > newestStored);
  const below = existing.length === 0 ? [] : fresh.filter((f) => f.date <= newestStored);
  const min = existing.length === 0 ? above.length + 1 : Math.min(...existing.map((e) => e.sortOrder));
  const max = existing.length === 0 ? 0 : Math.max(...existing.map((e) => e.sortOrder));
  // Orders stay 1 or more: when the new ones do not fit above the first, all move down together.
  plan.shift = existing.length === 0 ? 0 : Math.max(0, above.length - (min - 1));
  above.forEach((f, i) => (f.values.sortOrder = min + plan.shift - above.length + i));
  below.forEach((f, i) => (f.values.sortOrder = max + plan.shift + 1 + i));
  plan.inserts = fresh.map((f) => f.values);
  plan.added = fresh.length;
  return plan;
}
