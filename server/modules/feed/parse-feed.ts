import crypto from "node:crypto";
import type { RssFeed } from "feedsmith";
import { SLUG_MAX_LENGTH, slugify } from "../../../shared/slug";
import { lazily } from "../../platform/runtime/lazy-require";
import { htmlToText, sanitizedHtmlToText, sanitizeShowNotes } from "../../platform/text/sanitize";
import type { ShowLinks } from "../../../shared/identity";
import { words, type Words } from "../../platform/http/errors";
import { checkRss, decode, notFeed, notWellFormed } from "./feed-text";
import type { FeedNote } from "./notes";
import { discussionOf, peopleOf, showLinksOf, type FeedPerson, type Note } from "./podcasting";
import {
  cleanTitle,
  collapse,
  isAudioType,
  isVideoType,
  mediaTypeOf,
  notesHtml,
  parseDuration,
  parseFeedDate,
  summarize,
  webUrl,
} from "./fields";

const feedsmith = lazily<typeof import("feedsmith")>("feedsmith");

/** What makes an item the same episode across syncs (see identityKeys). */
export interface ItemIdentity {
  guid: string | null;
  enclosure: string;
  title: string;
}

/**
 * An item whose every byte is as it was when last imported (its hash is one of the `known`
 * ones): only what finds its episode comes out, and nothing of it is sanitised again.
 */
export interface KnownItem {
  known: true;
  rawHash: string;
  keys: ItemIdentity;
  title: string;
}

/** One episode as the feed describes it, in the episode fields of the contract (docs/decisions/008-feed-parser.md). */
export interface FeedItem {
  known?: false;
  /** A hash of the item as the feed wrote it: the same hash, the same episode fields. */
  rawHash: string;
  keys: ItemIdentity;
  /** The slug the title makes (made here, in the worker: transliterating thousands of titles takes a while); "" when none. */
  slugBase: string;
  guid: string | null;
  title: string;
  /** Sanitised HTML, the footer's allowlist. */
  showNotes: string;
  /** Plain text of the notes, at most 5000 characters, cut at a word. */
  summary: string;
  publishedAt: Date | null;
  durationSeconds: number | null;
  audioUrl: string;
  audioType: string | null;
  audioLength: number | null;
  /** The item's own artwork, else the show's. */
  imageUrl: string | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeType: "full" | "trailer" | "bonus";
  link: string | null;
  transcriptUrl: string | null;
  transcriptType: string | null;
  chaptersUrl: string | null;
  /** The item's own people (podcast:person); none: the show's are its people. */
  people: FeedPerson[];
  /** podcast:socialInteract's address, or null (none, or comments turned off). */
  discussionUrl: string | null;
}

/** `Item`: FeedItem alone when no hashes were known to the reader. */
export interface ParsedFeed<Item = FeedItem | KnownItem> {
  title: string;
  /** Plain text. */
  description: string;
  link: string | null;
  imageUrl: string | null;
  /** itunes:new-feed-url: the show has moved and asks readers to follow. */
  newFeedUrl: string | null;
  /** The channel's `<language>` as written (a BCP 47 tag, "en-us"), or null. */
  language: string | null;
  /**
   * Who hosts the show, by the channel's podcast:person tags with the role host (the default
   * role), else its itunes:author: the About page's hosts until the owner writes their own.
   */
  hosts: { name: string; role: string; img: string | null; href: string | null }[];
  /** The channel's people (podcast:person): every episode's whose item names none. */
  people: FeedPerson[];
  /** Support links and recommended shows. */
  links: ShowLinks;
  /** In feed order; the caller sorts. */
  items: Item[];
  /** Items left out, each with a reason the owner can act on. */
  skipped: FeedNote[];
}

type Item = RssFeed.Item<Date | null>;

/** Bounds of the work one sync may make of a feed: more items than any show has; notes longer than any. */
const FEED_LIMITS = { items: 10_000, notesChars: 200_000 };
/** Changed when what an item's fields are made from changes, so every item is read again once. */
const HASH_VERSION = "3";

const TRANSCRIPT_TYPES = ["text/vtt", "application/x-subrip", "application/srt", "text/srt", "application/json", "text/html"];
const EPISODE_TYPES = new Set(["full", "trailer", "bonus"]);
/**
 * feedsmith reads itunes:duration as seconds, MM:SS or H:MM:SS, but not with a fraction or spaces
 * around it ("1:02:03.5"): such values are rewritten to seconds before parsing.
 */
const rewriteDurations = (text: string) =>
  text.replace(
    /<((?:[\w-]+:)?duration)>\s*(\d+(?::\d+){1,2}(?:[.,]\d+)?)\s*<\/\1>/gi,
    (_all, tag: string, value: string) => `<${tag}>${parseDuration(value) ?? value}</${tag}>`,
  );

const whole = (value: number | undefined) => (value !== undefined && Number.isInteger(value) && value >= 0 ? value : null);

/** The first usable audio enclosure, or why there is none. */
function audioOf(item: Item): { url: URL; type: string | null; length: number | null } | { reason: Words } {
  const enclosures = item.enclosures ?? [];
  if (enclosures.length === 0) return { reason: words("feedReport.noAudio") };
  let reason = words("feedReport.noAudio");
  for (const enclosure of enclosures) {
    const url = webUrl(enclosure.url);
    if (!url) {
      reason = words("feedReport.audioAddress");
      continue;
    }
    const type = mediaTypeOf(enclosure.type, url);
    if (isAudioType(type)) {
      const length = enclosure.length;
      return { url, type, length: length !== undefined && length > 0 && Number.isFinite(length) ? Math.trunc(length) : null };
    }
    if (isVideoType(type) && reason.key === "feedReport.noAudio") reason = words("feedReport.videoOnly");
  }
  return { reason };
}

function transcriptOf(item: Item): { url: string; type: string } | null {
  const transcripts = (item.podcast?.transcripts ?? [])
    .map((t) => ({ url: webUrl(t.url)?.href, type: t.type?.trim().toLowerCase() ?? "" }))
    .filter((t): t is { url: string; type: string } => !!t.url && TRANSCRIPT_TYPES.includes(t.type));
  transcripts.sort((a, b) => TRANSCRIPT_TYPES.indexOf(a.type) - TRANSCRIPT_TYPES.indexOf(b.type));
  return transcripts[0] ?? null;
}

/** An item without a title is named after its date, or "Untitled episode" when it has none. */
function titleOf(item: Item, publishedAt: Date | null): string {
  const title = cleanTitle(item.title) || cleanTitle(item.itunes?.title);
  if (title) return title;
  return publishedAt ? `Episode of ${publishedAt.toISOString().slice(0, 10)}` : "Untitled episode";
}

const hashOf = (item: Item, showImage: string | null) =>
  crypto
    .createHash("sha256")
    .update(HASH_VERSION)
    .update(JSON.stringify([item, showImage]))
    .digest("base64url");

/** The item's show notes as sanitised HTML (the footer's allowlist). */
function showNotesOf(item: Item): string {
  const notes = item.content?.encoded ?? item.description ?? item.itunes?.summary ?? "";
  // Longer notes than any show writes are cut before they are read (the sanitiser mends a cut tag).
  return sanitizeShowNotes(notesHtml(notes.length > FEED_LIMITS.notesChars ? notes.slice(0, FEED_LIMITS.notesChars) : notes));
}

/** itunes:duration in whole seconds, or null when it is missing or not a number of seconds. */
function durationOf(item: Item): number | null {
  const duration = item.itunes?.duration;
  return duration !== undefined && Number.isFinite(duration) && duration >= 0 ? Math.round(duration) : null;
}

/** itunes:episodeType when it is one the contract knows, else "full". */
function episodeTypeOf(item: Item): FeedItem["episodeType"] {
  const episodeType = item.itunes?.episodeType?.trim().toLowerCase() ?? "full";
  return EPISODE_TYPES.has(episodeType) ? (episodeType as FeedItem["episodeType"]) : "full";
}

/** The item's season and episode numbers. */
function numbersOf(item: Item): Pick<FeedItem, "seasonNumber" | "episodeNumber"> {
  return {
    // podcast: first (docs/product.md "Listening"), else itunes:, each only when a whole number.
    seasonNumber: whole(item.podcast?.season?.number) ?? whole(item.itunes?.season),
    episodeNumber: whole(item.podcast?.episode?.number) ?? whole(item.itunes?.episode),
  };
}

/** The addresses the item points to besides its audio: its web page, transcript and chapters. */
function addressesOf(item: Item): Pick<FeedItem, "link" | "transcriptUrl" | "transcriptType" | "chaptersUrl"> {
  const transcript = transcriptOf(item);
  return {
    link: webUrl(item.link)?.href ?? null,
    transcriptUrl: transcript?.url ?? null,
    transcriptType: transcript?.type ?? null,
    chaptersUrl: webUrl(item.podcast?.chapters?.url)?.href ?? null,
  };
}

/** One item as a FeedItem, as a KnownItem when its hash is known, or with the reason it is skipped. */
function readItem(
  item: Item,
  showImage: string | null,
  known: ReadonlySet<string>,
  note: Note,
): FeedItem | KnownItem | { title: string; reason: Words } {
  const publishedAt = item.pubDate ?? item.dc?.dates?.[0] ?? null;
  const title = titleOf(item, publishedAt);
  const audio = audioOf(item);
  if ("reason" in audio) return { title, reason: audio.reason };
  const guid = item.guid?.value?.trim() || null;
  const keys = identityKeys({ guid, title, audioUrl: audio.url.href });
  const rawHash = hashOf(item, showImage);
  if (known.has(rawHash)) return { known: true, rawHash, keys, title };
  const showNotes = showNotesOf(item);
  return {
    rawHash,
    keys,
    slugBase: slugify(title, SLUG_MAX_LENGTH - 6),
    guid,
    title,
    showNotes,
    summary: summarize(sanitizedHtmlToText(showNotes)),
    publishedAt,
    durationSeconds: durationOf(item),
    audioUrl: audio.url.href,
    audioType: audio.type,
    audioLength: audio.length,
    imageUrl: webUrl(item.itunes?.image)?.href ?? showImage,
    ...numbersOf(item),
    episodeType: episodeTypeOf(item),
    ...addressesOf(item),
    people: peopleOf(item.podcast?.persons, title, note),
    discussionUrl: discussionOf(item.podcast?.socialInteracts),
  };
}

/**
 * A podcast feed is an RSS document with a channel; a channel without items is a valid, empty
 * feed. Items without usable audio are listed in `skipped` with a reason, and so is an item that
 * repeats the guid of an earlier one (the first is kept: feeds that do this repeat an item), and
 * every item past the FEED_LIMITS. Items whose hash is `known` come out as KnownItem, unread.
 */
export function parseFeed(body: Buffer, contentType?: string | null): ParsedFeed<FeedItem>;
export function parseFeed(body: Buffer, contentType: string | null | undefined, options: { known: ReadonlySet<string> }): ParsedFeed;
export function parseFeed(body: Buffer, contentType?: string | null, options: { known?: ReadonlySet<string> } = {}): ParsedFeed {
  const known = options.known ?? new Set<string>();
  const text = decode(body, contentType);
  checkRss(text);
  const feed = parseRss(text);
  const showImage = (webUrl(feed.itunes?.image) ?? webUrl(feed.image?.url))?.href ?? null;
  const skipped: ParsedFeed["skipped"] = [];
  const note = noteTaker(skipped);
  const items = readItems(feed.items ?? [], { showImage, known, note, skipped });
  return { ...channelOf(feed, showImage, note), items, skipped };
}

/** The show as its channel describes it: title, hosts, people, links, description and addresses. */
function channelOf(feed: RssFeed.Feed<Date | null>, showImage: string | null, note: Note): Omit<ParsedFeed, "items" | "skipped"> {
  const title = cleanTitle(feed.title) || cleanTitle(feed.itunes?.title);
  const people = peopleOf(feed.podcast?.persons, title || words("feedReport.theShow"), note);
  return {
    title,
    hosts: hostsOf(feed, people),
    people,
    links: showLinksOf(feed.podcast?.fundings, feed.podcast?.podroll, note),
    description: htmlToText(feed.description ?? feed.itunes?.summary ?? ""),
    link: webUrl(feed.link)?.href ?? null,
    imageUrl: showImage,
    newFeedUrl: webUrl(feed.itunes?.newFeedUrl)?.href ?? null,
    language: feed.language?.trim().slice(0, 35) || null,
  };
}

/** The RSS document as feedsmith reads it, its errors turned into FeedParseErrors the owner can act on. */
function parseRss(text: string): RssFeed.Feed<Date | null> {
  try {
    return feedsmith().parseRssFeed(rewriteDurations(text), { parseDateFn: parseFeedDate });
  } catch (err) {
    const { DetectError, MalformedError, ParseError } = feedsmith();
    if (err instanceof MalformedError) {
      throw notWellFormed(err.cause instanceof Error ? err.cause.message : words("feedReport.unreadable"));
    }
    if (err instanceof DetectError || err instanceof ParseError) throw notFeed(words("feedReport.noChannel"));
    throw err;
  }
}

/**
 * The feed's items read in feed order, up to FEED_LIMITS.items; what is left out (no audio, a
 * repeated guid, past the limit) goes to `skipped` with its reason.
 */
function readItems(
  all: Item[],
  context: { showImage: string | null; known: ReadonlySet<string>; note: Note; skipped: ParsedFeed["skipped"] },
): ParsedFeed["items"] {
  const { showImage, known, note, skipped } = context;
  const items: ParsedFeed["items"] = [];
  const guids = new Map<string, string>();
  for (const raw of all.slice(0, FEED_LIMITS.items)) {
    const item = readItem(raw, showImage, known, note);
    if ("reason" in item) {
      skipped.push(item);
      continue;
    }
    const { guid } = item.keys;
    if (guid !== null) {
      const first = guids.get(guid);
      if (first !== undefined) {
        skipped.push({
          title: item.title,
          reason: words("feedReport.repeatedGuid", { guid: guid.slice(0, 200), first: first.slice(0, 200) }),
        });
        continue;
      }
      guids.set(guid, item.title);
    }
    items.push(item);
  }
  if (all.length > FEED_LIMITS.items) {
    skipped.push({
      title: words("feedReport.moreItems", { count: all.length - FEED_LIMITS.items }),
      reason: words("feedReport.itemLimit", { count: FEED_LIMITS.items }),
    });
  }
  return items;
}

/**
 * Notes of what was left out of the people and links, at most this many (a feed with a thousand
 * nameless tags says so in a few lines, then how many more).
 */
const MAX_NOTES = 50;
function noteTaker(skipped: ParsedFeed["skipped"]): Note {
  let count = 0;
  let more: ParsedFeed["skipped"][number] | null = null;
  return (title, reason) => {
    count++;
    if (count <= MAX_NOTES) return void skipped.push({ title, reason });
    if (!more) skipped.push((more = { title: "", reason: words("feedReport.moreLeftOut") }));
    more.title = words("feedReport.moreNotes", { count: count - MAX_NOTES });
  };
}

/** The show's hosts as its channel names them (ParsedFeed.hosts): at most four, as the About page shows. */
function hostsOf(feed: RssFeed.Feed<Date | null>, channelPeople: FeedPerson[]): ParsedFeed["hosts"] {
  const people = channelPeople
    .filter((p) => p.role === "host" && p.group === "cast")
    .map((p) => ({ name: p.name, role: "Host", img: p.img, href: p.href }));
  if (people.length > 0) return people.slice(0, 4);
  const author = cleanTitle(feed.itunes?.author).slice(0, 100);
  return author ? [{ name: author, role: "Host", img: null, href: null }] : [];
}

/** A path segment that names a host (a tracking service's address carries the real one this way): labels, dots, a top-level name. */
const isHostSegment = (segment: string) =>
  /^[a-z\d.-]+$/i.test(segment) && /[a-z\d]\.[a-z]{2,24}$/i.test(segment) && !segment.includes("..");
const MEDIA_EXTENSION = /\.(?:mp3|m4a|mp4|aac|ogg|oga|opus|wav|flac|m4v|mov|webm)$/i;

/** The address a tracking prefix wraps: in its query (podtrac's `redirect.mp3?http://...`) or in its path (`/redirect.mp3/host/file.mp3`). */
function wrapped(url: URL): URL | null {
  const query = url.search.slice(1);
  const inQuery = /(?:^|[=&])(https?(?::|%3A)(?:\/|%2F){2}.+)$/i.exec(query)?.[1];
  if (inQuery) {
    try {
      return new URL(decodeURIComponent(inQuery.split("&")[0]!));
    } catch {
      // Not an address after all: the path below decides.
    }
  }
  const segments = url.pathname.split("/").filter(Boolean);
  for (let i = segments.length - 2; i >= 0; i--) {
    const segment = segments[i]!;
    if (isHostSegment(segment) && !MEDIA_EXTENSION.test(segment)) {
      try {
        return new URL(`https://${segments.slice(i).join("/")}`);
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The part of an audio address that names the file: tracking prefixes (Podtrac, Chartable,
 * Podsights, and the like) unwrapped to the address they wrap, then host and path, without the
 * scheme, the query string or the fragment (hosts rotate tokens and move from http to https).
 */
export function fileIdentity(audioUrl: string): string {
  let url = new URL(audioUrl);
  for (let depth = 0; depth < 5; depth++) {
    const inner = wrapped(url);
    if (!inner) break;
    url = inner;
  }
  return `${url.host.toLowerCase()}${url.pathname}`;
}

/**
 * What makes an item the same episode across syncs: its guid, else its audio file
 * (fileIdentity), else its title (case and whitespace ignored).
 */
export function identityKeys(item: Pick<FeedItem, "guid" | "title" | "audioUrl">): ItemIdentity {
  return {
    guid: item.guid,
    enclosure: fileIdentity(item.audioUrl),
    title: collapse(item.title.normalize("NFKC").toLowerCase()),
  };
}
