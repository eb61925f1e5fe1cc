import { allowedYouTubeParams } from "./embeds";

/**
 * Links as people copy them (YouTube's share and watch links, Spotify's share links) made into the
 * embed addresses the site keeps (embeds.ts): on paste in the admin's forms, and in the schemas.
 */

/** What a YouTube video id looks like: 11 characters of the URL-safe base64 alphabet. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

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

/** What was pasted, as an address: `null` for a blank field or text that is not one (left for the schema to judge). */
function pastedUrl(input: string): URL | null {
  const value = input.trim();
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
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
  const url = pastedUrl(input);
  if (!url) return input;
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
  const url = pastedUrl(input);
  if (!url) return input;
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.hostname !== "open.spotify.com" || url.username || url.password)
    return input;
  const id = sharedEpisodeId(url.pathname);
  return id ? `https://open.spotify.com/embed/episode/${id}` : input;
}
