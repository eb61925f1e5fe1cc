import type { RssFeed } from "feedsmith";
import { lazily } from "../lib/lazy-require";
import { htmlToText, sanitizedHtmlToText, sanitizeShowNotes } from "../lib/sanitize";
import { checkRss, decode, FeedParseError, notFeed } from "./feed-text";
import { cleanTitle, collapse, isAudioType, isVideoType, mediaTypeOf, notesHtml, parseDuration, parseFeedDate, summarize, webUrl } from "./values";

const feedsmith = lazily<typeof import("feedsmith")>("feedsmith");

/** One episode as the feed describes it, in the episode fields of the contract (docs/decisions/008-feed-parser.md). */
export interface FeedItem {
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
}

export interface ParsedFeed {
  title: string;
  /** Plain text. */
  description: string;
  link: string | null;
  imageUrl: string | null;
  /** itunes:new-feed-url: the show has moved and asks readers to follow. */
  newFeedUrl: string | null;
  /** In feed order; the caller sorts. */
  items: FeedItem[];
  /** Items left out, each with a reason the owner can act on. */
  skipped: { title: string; reason: string }[];
}


type Item = RssFeed.Item<Date | null>;

const TRANSCRIPT_TYPES = ["text/vtt", "application/x-subrip", "application/srt", "text/srt", "application/json", "text/html"];
const EPISODE_TYPES = new Set(["full", "trailer", "bonus"]);
/**
 * feedsmith reads itunes:duration as seconds, MM:SS or H:MM:SS, but not with a fraction or spaces
 * around it ("1:02:03.5"): such values are rewritten to seconds before parsing.
 */
const rewriteDurations = (text: string) =>
  text.replace(/<((?:[\w-]+:)?duration)>\s*(\d+(?::\d+){1,2}(?:[.,]\d+)?)\s*<\/\1>/gi, (_all, tag: string, value: string) => `<${tag}>${parseDuration(value) ?? value}</${tag}>`);

const whole = (value: number | undefined) => (value !== undefined && Number.isInteger(value) && value >= 0 ? value : null);

/** The first usable audio enclosure, or why there is none. */
function audioOf(item: Item): { url: URL; type: string | null; length: number | null } | { reason: string } {
  const enclosures = item.enclosures ?? [];
  if (enclosures.length === 0) return { reason: "no audio file" };
  let reason = "no audio file";
  for (const enclosure of enclosures) {
    const url = webUrl(enclosure.url);
    if (!url) {
      reason = "the audio file's address is not a full http or https address";
      continue;
    }
    const type = mediaTypeOf(enclosure.type, url);
    if (isAudioType(type)) {
      const length = enclosure.length;
      return { url, type, length: length !== undefined && length > 0 && Number.isFinite(length) ? Math.trunc(length) : null };
    }
    if (isVideoType(type) && reason === "no audio file") reason = "no audio (video only)";
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

function readItem(item: Item, showImage: string | null): FeedItem | { title: string; reason: string } {
  const publishedAt = item.pubDate ?? item.dc?.dates?.[0] ?? null;
  const title = titleOf(item, publishedAt);
  const audio = audioOf(item);
  if ("reason" in audio) return { title, reason: audio.reason };
  const showNotes = sanitizeShowNotes(notesHtml(item.content?.encoded ?? item.description ?? item.itunes?.summary ?? ""));
  const transcript = transcriptOf(item);
  const episodeType = item.itunes?.episodeType?.trim().toLowerCase() ?? "full";
  const duration = item.itunes?.duration;
  return {
    guid: item.guid?.value?.trim() || null,
    title,
    showNotes,
    summary: summarize(sanitizedHtmlToText(showNotes)),
    publishedAt,
    durationSeconds: duration !== undefined && Number.isFinite(duration) && duration >= 0 ? Math.round(duration) : null,
    audioUrl: audio.url.href,
    audioType: audio.type,
    audioLength: audio.length,
    imageUrl: webUrl(item.itunes?.image)?.href ?? showImage,
    // itunes: first (what Apple and most hosts write), podcast: when it is a whole number.
    seasonNumber: whole(item.itunes?.season) ?? whole(item.podcast?.season?.number),
    episodeNumber: whole(item.itunes?.episode) ?? whole(item.podcast?.episode?.number),
    episodeType: EPISODE_TYPES.has(episodeType) ? (episodeType as FeedItem["episodeType"]) : "full",
    link: webUrl(item.link)?.href ?? null,
    transcriptUrl: transcript?.url ?? null,
    transcriptType: transcript?.type ?? null,
    chaptersUrl: webUrl(item.podcast?.chapters?.url)?.href ?? null,
  };
}

/**
 * A podcast feed is an RSS document with a channel; a channel without items is a valid, empty
 * feed. Items without usable audio are listed in `skipped` with a reason. A guid already used by
 * an earlier item of the same feed is dropped (guid null), so that item is known by its enclosure,
 * then its title (identityKeys) instead of being taken for the earlier one.
 */
export function parseFeed(body: Buffer, contentType?: string | null): ParsedFeed {
  const text = decode(body, contentType);
  checkRss(text);
  let feed: RssFeed.Feed<Date | null>;
  try {
    feed = feedsmith().parseRssFeed(rewriteDurations(text), { parseDateFn: parseFeedDate });
  } catch (err) {
    const { DetectError, MalformedError, ParseError } = feedsmith();
    if (err instanceof MalformedError) {
      const detail = err.cause instanceof Error ? err.cause.message : "it could not be read";
      throw new FeedParseError(`The feed is not well-formed XML: ${detail}`);
    }
    if (err instanceof DetectError || err instanceof ParseError) throw notFeed("it is RSS without a channel");
    throw err;
  }
  const showImage = (webUrl(feed.itunes?.image) ?? webUrl(feed.image?.url))?.href ?? null;
  const items: FeedItem[] = [];
  const skipped: ParsedFeed["skipped"] = [];
  const guids = new Set<string>();
  for (const raw of feed.items ?? []) {
    const item = readItem(raw, showImage);
    if ("reason" in item) {
      skipped.push(item);
      continue;
    }
    if (item.guid !== null) {
      if (guids.has(item.guid)) item.guid = null;
      else guids.add(item.guid);
    }
    items.push(item);
  }
  return {
    title: cleanTitle(feed.title) || cleanTitle(feed.itunes?.title),
    description: htmlToText(feed.description ?? feed.itunes?.summary ?? ""),
    link: webUrl(feed.link)?.href ?? null,
    imageUrl: showImage,
    newFeedUrl: webUrl(feed.itunes?.newFeedUrl)?.href ?? null,
    items,
    skipped,
  };
}

/**
 * What makes an item the same episode across syncs: its guid, else its enclosure (scheme, query
 * string and fragment dropped, since hosts rotate tracking tokens and move from http to https),
 * else its title (case and whitespace ignored).
 */
export function identityKeys(item: FeedItem): { guid: string | null; enclosure: string; title: string } {
  const url = new URL(item.audioUrl);
  return {
    guid: item.guid,
    enclosure: `${url.host}${url.pathname}`,
    title: collapse(item.title.normalize("NFKC").toLowerCase()),
  };
}
