/**
 * The embed addresses the site accepts and the players it makes of them, as a visitor's page
 * needs them. Turning a link as people copy it into one of these is the admin's (pasted-links.ts).
 */
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
export function allowedYouTubeParams(params: URLSearchParams): URLSearchParams {
  const kept = new URLSearchParams();
  const start = parseStartTime(params.get("start")) ?? parseStartTime(params.get("t"));
  if (start !== null && start > 0) kept.set("start", String(start));
  const end = parseStartTime(params.get("end"));
  if (end !== null && end > 0) kept.set("end", String(end));
  const si = params.get("si");
  if (si && /^[\w-]{1,64}$/.test(si)) kept.set("si", si);
  return kept;
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
