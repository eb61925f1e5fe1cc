/** What a YouTube video id looks like: 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** YouTube's `t` (42, 42s, 1m30s, 1h2m3s) in seconds, or null when it is not a time. */
function parseStartTime(value: string | null): number | null {
  if (!value) return null;
  if (/^\d{1,6}s?$/.test(value)) return Number.parseInt(value, 10);
  const match = /^(?:(\d{1,3})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(value);
  if (!match || match[0] === "") return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

/**
 * The player parameters an admin may set on a clip's video, with values checked: `start` and
 * `end` in whole seconds, `si` (YouTube's share id). Anything else is left out of the player.
 */
function allowedYouTubeParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  const start = parseStartTime(params.get("start")) ?? parseStartTime(params.get("t"));
  if (start !== null && start > 0) kept.set("start", String(start));
  const end = parseStartTime(params.get("end"));
  if (end !== null && end > 0) kept.set("end", String(end));
  const si = params.get("si");
  if (si && /^[\w-]{1,64}$/.test(si)) kept.set("si", si);
  return kept;
}

const withQuery = (base: string, params: URLSearchParams) => (params.size > 0 ? `${base}?${params.toString()}` : base);

/** Hosts whose links name a video by `v=`, `/shorts/ID` or `/live/ID` (YouTube Music's too: the same ids). */
const YOUTUBE_LINK_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const SHORT_LINK_HOSTS = new Set(["youtu.be", "www.youtu.be"]);

/** The video id a pasted YouTube link names, whole or not yet (null when it names none, or is not YouTube's). */
function linkedVideoId(url: URL): string | null {
  const segments = url.pathname.split("/").filter(Boolean);
  if (SHORT_LINK_HOSTS.has(url.hostname)) return segments[0] ?? null;
  if (!YOUTUBE_LINK_HOSTS.has(url.hostname)) return null;
  if (segments[0] === "shorts" || segments[0] === "live") return segments.length === 2 ? segments[1]! : null;
  return url.searchParams.get("v");
}

/**
 * docs/product.md §5: a YouTube link as people copy it (youtu.be/ID, watch?v=ID, shorts/ID,
 * live/ID, on www., m. or music.youtube.com) becomes https://www.youtube.com/embed/{ID}, keeping
 * `t` as `start` (and `start`, `end`, `si`). Only a complete link of YouTube's own hosts converts:
 * the id must be a whole 11-character id, so a link typed key by key is left alone until it is
 * whole (the form converts on paste and on leaving the field), and a look-alike host is left for
 * the schema to refuse. An embed link that had `&t=42s` typed onto its path is put right. Blank
 * links and links without an id stay.
 */
export function toYouTubeEmbedUrl(input: string): string {
  const value = input.trim();
  if (!value) return input;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return input;
  }
  const embed = /^\/embed\/([^/&?]+)&(.*)$/.exec(url.pathname);
  if (embed) {
    if (!VIDEO_ID.test(embed[1]!)) return input;
    const params = new URLSearchParams(embed[2]);
    for (const [k, v] of url.searchParams) params.set(k, v);
    return withQuery(`${url.protocol}//${url.host}/embed/${embed[1]}`, allowedYouTubeParams(params));
  }
  if (url.pathname.startsWith("/embed/")) return input;
  const id = linkedVideoId(url);
  if (!id || !VIDEO_ID.test(id)) return input;
  return withQuery(`https://www.youtube.com/embed/${id}`, allowedYouTubeParams(url.searchParams));
}

const YOUTUBE_HOSTS = new Set(["www.youtube.com", "youtube.com", "m.youtube.com", "www.youtube-nocookie.com", "youtube-nocookie.com"]);
const YOUTUBE_EMBED_PATH = /^\/embed\/([A-Za-z0-9_-]{11})\/?$/;

function parseHttps(value: string): URL | null {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/** The 11-character video id of an accepted YouTube embed URL, or null. */
export function youTubeVideoId(value: string): string | null {
  const url = parseHttps(value);
  if (!url || !YOUTUBE_HOSTS.has(url.hostname)) return null;
  return YOUTUBE_EMBED_PATH.exec(url.pathname)?.[1] ?? null;
}

export function isYouTubeEmbedUrl(value: string): boolean {
  return youTubeVideoId(value) !== null;
}

/**
 * The click-to-load player's address for an accepted embed URL: the privacy-enhanced host, the
 * admin's allowed parameters (`start`, `end`, `si`) kept, autoplay since the visitor just pressed play.
 */
export function youTubePlayerUrl(value: string): string | null {
  const id = youTubeVideoId(value);
  if (!id) return null;
  const params = allowedYouTubeParams(new URL(value).searchParams);
  params.set("autoplay", "1");
  params.set("rel", "0");
  return `https://www.youtube-nocookie.com/embed/${id}?${params.toString()}`;
}

const SPOTIFY_EMBED_PATH = /^\/embed\/(episode|show|track|playlist|album|artist)\/[A-Za-z0-9]{10,40}\/?$/;

/** A Spotify episode id: 22 characters of base 62. */
const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
/** The language segment of a share link made in another language: intl-de, intl-pt-br. */
const SPOTIFY_LANGUAGE = /^intl-[a-z]{2}$|^intl-[a-z]{2}-[a-z]{2,4}$/i;

/** The episode id of a share link's path: /episode/{ID}, or /intl-xx/episode/{ID}. */
function sharedEpisodeId(pathname: string): string | null {
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length === 3 && SPOTIFY_LANGUAGE.test(segments[0]!)) segments.shift();
  return segments.length === 2 && segments[0] === "episode" && SPOTIFY_ID.test(segments[1]!) ? segments[1]! : null;
}

/**
 * docs/product.md §5: an episode's Spotify link as people copy it from Share (open.spotify.com/episode/{ID}?si=...,
 * with or without an intl-xx/ segment) becomes the embed address, https://open.spotify.com/embed/episode/{ID}
 * (the share id and tracking parameters are the sharer's, not the player's). Only a whole id on
 * Spotify's own host converts; anything else stays as it is, for the schema to judge.
 */
export function toSpotifyEmbedUrl(input: string): string {
  const value = input.trim();
  if (!value) return input;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return input;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.hostname !== "open.spotify.com" || url.username || url.password)
    return input;
  const id = sharedEpisodeId(url.pathname);
  return id ? `https://open.spotify.com/embed/episode/${id}` : input;
}

export function isSpotifyEmbedUrl(value: string): boolean {
  const url = parseHttps(value);
  return !!url && url.hostname === "open.spotify.com" && SPOTIFY_EMBED_PATH.test(url.pathname);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}
