/**
 * Reading the loose values of real podcast feeds: dates, durations, media types, addresses, and
 * the texts (titles, notes) as the site keeps them. Each function gives null rather than a wrong
 * value (never an Invalid Date).
 */
import { htmlToText } from "../../platform/text/sanitize";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
/** RFC 822's zones and the few others podcast hosts write; an unknown name is read as UTC. */
const ZONES: Record<string, number> = {
  ut: 0,
  utc: 0,
  gmt: 0,
  z: 0,
  est: -5,
  edt: -4,
  cst: -6,
  cdt: -5,
  mst: -7,
  mdt: -6,
  pst: -8,
  pdt: -7,
  bst: 1,
  cet: 1,
  cest: 2,
  eet: 2,
  eest: 3,
  aest: 10,
  aedt: 11,
};
// "Tue, 10 Jun 2003 04:00:00 GMT", with or without the weekday, seconds or zone.
const RFC_822 =
  /^(?:[a-z]+,?\s+)?(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{2,4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([a-z]{1,5}|[+-]\d{2}:?\d{2}))?)?$/i;
// "2003-06-10", "2003-06-10T04:00:00Z", "2003-06-10 04:00:00.123+02:00"
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[t ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

function zoneMinutes(zone: string | undefined): number {
  if (!zone) return 0;
  const offset = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (offset) return (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3] ?? 0));
  return (ZONES[zone.toLowerCase()] ?? 0) * 60;
}

function utcDate(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  zone: string | undefined,
): Date | null {
  if (month < 0 || month > 11 || hour > 23 || minute > 59 || second > 60) return null;
  const date = new Date(Date.UTC(year, month, day, hour, minute, Math.min(second, 59)));
  // 31 June and the like roll over into the next month: refuse them.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month) return null;
  return new Date(date.getTime() - zoneMinutes(zone) * 60_000);
}

/** A feed's date (RFC 822 as RSS asks, or ISO 8601 as many hosts write), or null. */
export function parseFeedDate(raw: string): Date | null {
  const text = raw.trim().replace(/\s+/g, " ");
  const iso = ISO_8601.exec(text);
  if (iso) {
    const [, y, mo, d, h = "0", mi = "0", s = "0", zone] = iso;
    return utcDate(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), zone);
  }
  const rfc = RFC_822.exec(text);
  if (!rfc) return null;
  const [, d, monthName, y, h = "0", mi = "0", s = "0", zone] = rfc;
  const shortYear = Number(y);
  const year = y!.length === 2 ? shortYear + (shortYear < 50 ? 2000 : 1900) : shortYear;
  return utcDate(year, MONTHS.indexOf(monthName!.slice(0, 3).toLowerCase()), Number(d), Number(h), Number(mi), Number(s), zone);
}

/** Seconds from `3600`, `3600.5`, `MM:SS`, `H:MM:SS` or `HH:MM:SS(.fff)`, rounded; otherwise null. */
export function parseDuration(raw: string): number | null {
  const text = raw.trim().replace(",", ".");
  if (!/^\d+(?::\d+){0,2}(?:\.\d+)?$/.test(text)) return null;
  const seconds = text.split(":").reduce((total, part) => total * 60 + Number(part), 0);
  return Number.isFinite(seconds) ? Math.round(seconds) : null;
}

/** Spellings hosts use for MP3 and AAC, read as the types a browser's audio element knows. */
const AUDIO_ALIASES: Record<string, string> = {
  "audio/mp3": "audio/mpeg",
  "audio/mpeg3": "audio/mpeg",
  "audio/x-mp3": "audio/mpeg",
  "audio/x-mpeg": "audio/mpeg",
  "audio/x-mpeg-3": "audio/mpeg",
  "x-audio/mp3": "audio/mpeg",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/x-aac": "audio/aac",
};
const EXTENSIONS: Record<string, string> = {
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  aac: "audio/aac",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
};

/**
 * The media type of an enclosure: its own (parameters dropped, aliases read as the standard type),
 * or, when missing or generic, the one its file extension names.
 */
export function mediaTypeOf(type: string | undefined, url: URL): string | null {
  const given = type?.split(";")[0]!.trim().toLowerCase() ?? "";
  if (given && given !== "application/octet-stream" && given !== "binary/octet-stream") return AUDIO_ALIASES[given] ?? given;
  const extension = /\.([a-z\d]{2,4})$/i.exec(url.pathname)?.[1]?.toLowerCase();
  return (extension && EXTENSIONS[extension]) ?? null;
}

export const isAudioType = (type: string | null) =>
  !!type && (type.startsWith("audio/") || type.startsWith("x-audio/") || type === "application/ogg");
export const isVideoType = (type: string | null) => !!type && type.startsWith("video/");

/** An absolute http(s) address, or null: relative paths and other schemes are not followed. */
export function webUrl(raw: string | undefined): URL | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** Whitespace (non-breaking spaces included) collapsed to one space, ends trimmed. */
export const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

const SUMMARY_LENGTH = 5000;

/** Entities left in a title (CDATA keeps "&amp;" as written) are decoded; tags are kept as text. */
export function cleanTitle(raw: string | undefined): string {
  const title = raw ?? "";
  return collapse(/&(?:#\d+|#x[\da-f]+|[a-z]+\d*);/i.test(title) ? htmlToText(title.replaceAll("<", "&lt;")) : title);
}

/** Notes without markup are plain text: paragraphs on blank lines, breaks on single ones. */
export function notesHtml(notes: string): string {
  if (/<\/?[a-z]/i.test(notes)) return notes;
  const escaped = notes.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
  return escaped
    .split(/\n[\t ]*(?:\r?\n)+/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/** At most 5,000 characters, cut at a word with an ellipsis. */
export function summarize(text: string): string {
  if (text.length <= SUMMARY_LENGTH) return text;
  const cut = text.slice(0, SUMMARY_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > SUMMARY_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}
