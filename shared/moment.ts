import { formatClock } from "./time";

/**
 * Links to a moment of an episode (docs/product.md "Listening"): the `t` of Podlove's deep links,
 * a subset of the W3C media fragments' normal play time, in the address's query (`?t=`) or its
 * fragment (`#t=`). A start, and an end where playing pauses. Anything else is no moment: a bad
 * link plays as if it had none, never an error.
 */
export interface Moment {
  /** Seconds from the start. */
  start: number;
  /** Seconds; after `start`, or null. */
  end: number | null;
}

/** Longer than any episode: a larger number is a typing slip, not a moment. */
const MAX_SECONDS = 100 * 3600;

const SECONDS = /^(\d{1,6})(?:\.(\d{1,3}))?$/;
const MINUTES_SECONDS = /^(\d{1,4}):([0-5]\d)(?:\.(\d{1,3}))?$/;
const HOURS_MINUTES_SECONDS = /^(\d{1,3}):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/;

const fraction = (digits: string | undefined) => (digits ? Number(`0.${digits}`) : 0);

/** One time: `3723`, `3723.5`, `62:03` (mm:ss), `1:02:03` (h:mm:ss), each also after `npt:`; otherwise null. */
export function parseClockValue(raw: string): number | null {
  const text = raw.trim().replace(/^npt:/i, "");
  let seconds: number | null = null;
  let m = SECONDS.exec(text);
  if (m) seconds = Number(m[1]) + fraction(m[2]);
  else if ((m = MINUTES_SECONDS.exec(text))) seconds = Number(m[1]) * 60 + Number(m[2]) + fraction(m[3]);
  else if ((m = HOURS_MINUTES_SECONDS.exec(text))) seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + fraction(m[4]);
  return seconds !== null && seconds <= MAX_SECONDS ? seconds : null;
}

/**
 * A `t` value: `start`, `start,end` or `,end` (from the beginning), the whole also after `npt:`
 * (`npt:10,20`). An end that is not after the start is dropped; a start that cannot be read makes
 * the whole value none.
 */
export function parseMoment(raw: string | null | undefined): Moment | null {
  if (raw == null) return null;
  const text = raw.trim().replace(/^npt:/i, "");
  if (!text || text.length > 40) return null;
  const parts = text.split(",");
  if (parts.length > 2) return null;
  const start = parts[0] === "" && parts.length === 2 ? 0 : parseClockValue(parts[0]!);
  if (start === null) return null;
  const end = parts.length === 2 ? parseClockValue(parts[1]!) : null;
  if (parts.length === 2 && parts[0] === "" && end === null) return null;
  return { start, end: end !== null && end > start ? end : null };
}

/** The `t` of an address's fragment (`#t=10,20`, or among other media fragments: `#x=1&t=10`). */
function fragmentValue(hash: string): string | null {
  for (const pair of hash.replace(/^#/, "").split("&")) {
    const at = pair.indexOf("=");
    if (at > 0 && pair.slice(0, at) === "t") {
      try {
        return decodeURIComponent(pair.slice(at + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The moment a page's address asks for: its query's `t` first, else its fragment's. */
export function momentOf(search: string, hash: string): Moment | null {
  return parseMoment(new URLSearchParams(search).get("t")) ?? parseMoment(fragmentValue(hash));
}

/** The `t` value of a link to a moment, as people read it: `75` as `1:15`, `3723` as `1:02:03`. */
export const momentParam = (seconds: number): string => formatClock(seconds);
