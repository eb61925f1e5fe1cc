import { XMLValidator } from "fast-xml-parser";
import { DetectError, MalformedError, ParseError, parseRssFeed, type RssFeed } from "feedsmith";
import { htmlToText, sanitizedHtmlToText, sanitizeShowNotes } from "../lib/sanitize";
import { collapse, isAudioType, isVideoType, mediaTypeOf, parseDuration, parseFeedDate, webUrl } from "./values";

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

/** The bytes are not a podcast feed; the message says why in words an owner understands. */
export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedParseError";
  }
}

type Item = RssFeed.Item<Date | null>;

const SUMMARY_LENGTH = 5000;
const TRANSCRIPT_TYPES = ["text/vtt", "application/x-subrip", "application/srt", "text/srt", "application/json", "text/html"];
const EPISODE_TYPES = new Set(["full", "trailer", "bonus"]);
const notFeed = (why: string) => new FeedParseError(`This address does not hold a podcast feed (${why})`);
/** windows-1252's characters for the bytes 0x80-0x9F (the five it leaves undefined stay as they are). */
const CP1252_C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const isUtf8 = (label: string) => /^utf-?8$/i.test(label);

/**
 * Bytes to text. A UTF-8 or UTF-16 byte order mark decides; otherwise a charset other than UTF-8
 * named by the Content-Type or the XML declaration (ISO-8859-1, windows-1252...), unless the other
 * one says UTF-8 and the bytes are valid UTF-8; otherwise UTF-8, or windows-1252 when the bytes
 * are not valid UTF-8 (old feeds that never said).
 */
function decode(body: Buffer, contentType: string | null | undefined): string {
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder("utf-16le").decode(body);
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder("utf-16be").decode(body);
  const head = body.subarray(0, 512).toString("latin1");
  const declared = /^\uFEFF?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  const sent = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  const labels = [sent, declared].filter((label): label is string => !!label);
  let utf8: string | null = null;
  try {
    utf8 = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    // Not valid UTF-8: a single-byte charset below.
  }
  const other = labels.find((label) => !isUtf8(label));
  if (utf8 !== null && (!other || labels.some(isUtf8))) return utf8;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(other ?? "windows-1252");
  } catch {
    decoder = new TextDecoder("windows-1252");
  }
  const text = decoder.decode(body);
  // Node's TextDecoder reads windows-1252 (and ISO-8859-1, its WHATWG alias) as ISO-8859-1,
  // leaving C1 controls where curly quotes, dashes and the euro sign belong.
  return decoder.encoding === "windows-1252" ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!) : text;
}

/** The root element's name, past the XML declaration, comments and a DOCTYPE ("html" for a web page). */
function rootName(text: string): string | null {
  let rest = text.trimStart();
  for (;;) {
    if (rest.startsWith("<?")) rest = rest.slice(rest.indexOf("?>") + 2);
    else if (rest.startsWith("<!--")) rest = rest.slice(rest.indexOf("-->") + 3);
    else if (/^<!doctype\s+html/i.test(rest)) return "html";
    else if (/^<!doctype[^>[]*\[/i.test(rest)) rest = rest.slice(rest.indexOf("]>") + 2);
    else if (/^<!doctype/i.test(rest)) rest = rest.slice(rest.indexOf(">") + 1);
    else break;
    rest = rest.trimStart();
  }
  return /^<([a-z_][\w.-]*:)?([a-z_][\w.-]*)/i.exec(rest)?.[2]?.toLowerCase() ?? null;
}

/** Refuses what is not an RSS document, naming what it is instead. */
function checkRss(text: string): void {
  const trimmed = text.trim();
  if (!trimmed) throw notFeed("the file is empty");
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) throw notFeed("it is a JSON document");
  const root = rootName(trimmed);
  if (root === "html") throw notFeed("it looks like a web page");
  if (root === "feed") throw notFeed("it is an Atom feed; podcast feeds are RSS");
  if (root === null) throw notFeed("it is not XML");
  if (root !== "rss") throw notFeed(`its XML is a <${root}> document, not RSS`);
  // The XML reader forgives missing end tags at the end of a document, so a download cut short
  // would pass as a feed with fewer episodes.
  if (!/<\/(?:[\w-]+:)?rss\s*>/i.test(trimmed)) throw new FeedParseError("The feed is not well-formed XML: it ends before its closing </rss> tag");
  // Nor does it mind tags that do not nest: such a file is broken, whatever it would yield.
  // Lesser faults real feeds carry (a bare "&", an unquoted attribute) are forgiven, as podcast
  // apps forgive them.
  const checked = XMLValidator.validate(trimmed);
  if (checked !== true && (checked.err.code === "InvalidTag" || checked.err.code === "InvalidXml")) {
    throw new FeedParseError(`The feed is not well-formed XML: ${checked.err.msg} (line ${checked.err.line})`);
  }
}

/**
 * feedsmith reads itunes:duration as seconds, MM:SS or H:MM:SS, but not with a fraction or spaces
 * around it ("1:02:03.5"): such values are rewritten to seconds before parsing.
 */
const rewriteDurations = (text: string) =>
  text.replace(/<((?:[\w-]+:)?duration)>\s*(\d+(?::\d+){1,2}(?:[.,]\d+)?)\s*<\/\1>/gi, (_all, tag: string, value: string) => `<${tag}>${parseDuration(value) ?? value}</${tag}>`);

/** Entities left in a title (CDATA keeps "&amp;" as written) are decoded; tags are kept as text. */
function cleanTitle(raw: string | undefined): string {
  const title = raw ?? "";
  return collapse(/&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i.test(title) ? htmlToText(title.replaceAll("<", "&lt;")) : title);
}

/** Notes without markup are plain text: paragraphs on blank lines, breaks on single ones. */
function notesHtml(notes: string): string {
  if (/<\/?[a-z]/i.test(notes)) return notes;
  const escaped = notes.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return escaped
    .split(/\n[\t ]*(?:\r?\n)+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

function summarize(text: string): string {
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > SUMMARY_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

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
    feed = parseRssFeed(rewriteDurations(text), { parseDateFn: parseFeedDate });
  } catch (err) {
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
