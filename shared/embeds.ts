/**
 * SPEC.md §5: a YouTube link in short form (youtu.be/ID) or watch form (v=ID) becomes
 * {host}/embed/{ID}. Links already containing /embed/, blank links and links without an id stay.
 */
export function toYouTubeEmbedUrl(input: string): string {
  const value = input.trim();
  if (!value || value.includes("/embed/")) return input;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return input;
  }
  const id =
    url.hostname === "youtu.be" || url.hostname.endsWith(".youtu.be")
      ? (url.pathname.split("/").filter(Boolean)[0] ?? null)
      : url.searchParams.get("v");
  if (!id) return input;
  const host = url.hostname === "youtu.be" ? "www.youtube.com" : url.hostname;
  return `${url.protocol}//${host}/embed/${id}`;
}

const YOUTUBE_HOSTS = new Set([
  "www.youtube.com",
  "youtube.com",
  "m.youtube.com",
  "www.youtube-nocookie.com",
  "youtube-nocookie.com",
]);
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

const SPOTIFY_EMBED_PATH =
  /^\/embed\/(episode|show|track|playlist|album|artist)\/[A-Za-z0-9]{10,40}\/?$/;

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
