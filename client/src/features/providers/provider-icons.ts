import { faAmazon } from "@fortawesome/free-brands-svg-icons";
import { faPodcast } from "@fortawesome/free-solid-svg-icons";
import {
  siApplepodcasts,
  siCastbox,
  siOvercast,
  siPocketcasts,
  siPodcastaddict,
  siRss,
  siSpotify,
  siYoutube,
  siYoutubemusic,
} from "simple-icons";

/**
 * The icons of the common podcast platforms, as inline SVG paths (docs/product.md §3: an icon class name
 * is shown as an icon). Only these are bundled: simple-icons (CC0-1.0) for the brands it ships,
 * Font Awesome Free (icons CC BY 4.0) for Amazon, which simple-icons no longer carries, and for the
 * generic podcast icon. docs/third-party-icons.md records the sources and licences.
 */
export interface PlatformIcon {
  /** What the provider form stores as the icon. */
  id: string;
  title: string;
  /** Brand colour, the badge's background. */
  hex: string;
  viewBox: string;
  path: string;
}

const fromSimpleIcons = (id: string, icon: { title: string; hex: string; path: string }): PlatformIcon => ({
  id,
  title: icon.title,
  hex: `#${icon.hex}`,
  viewBox: "0 0 24 24",
  path: icon.path,
});

const fromFontAwesome = (id: string, title: string, hex: string, icon: { icon: readonly unknown[] }): PlatformIcon => {
  const [width, height, , , path] = icon.icon as [number, number, unknown, unknown, string | string[]];
  return { id, title, hex, viewBox: `0 0 ${width} ${height}`, path: Array.isArray(path) ? path.join(" ") : path };
};

export const GENERIC_PODCAST_ICON = fromFontAwesome("podcast", "Podcast", "#3a2340", faPodcast);

export const PLATFORM_ICONS: readonly PlatformIcon[] = [
  fromSimpleIcons("spotify", siSpotify),
  fromSimpleIcons("apple-podcasts", siApplepodcasts),
  fromSimpleIcons("youtube", siYoutube),
  fromSimpleIcons("youtube-music", siYoutubemusic),
  fromFontAwesome("amazon-music", "Amazon Music", "#25d1da", faAmazon),
  fromSimpleIcons("pocket-casts", siPocketcasts),
  fromSimpleIcons("overcast", siOvercast),
  fromSimpleIcons("castbox", siCastbox),
  fromSimpleIcons("podcast-addict", siPodcastaddict),
  fromSimpleIcons("rss", siRss),
  GENERIC_PODCAST_ICON,
];

/** Other names people give these icons (Font Awesome's, the platforms' old names). */
const ALIASES: Record<string, string> = {
  itunes: "apple-podcasts",
  itunesnote: "apple-podcasts",
  apple: "apple-podcasts",
  applepodcast: "apple-podcasts",
  amazon: "amazon-music",
  youtubesquare: "youtube",
  pocketcast: "pocket-casts",
  rsssquare: "rss",
  feed: "rss",
  microphone: "podcast",
  microphonelines: "podcast",
  headphones: "podcast",
};

const compact = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, "");
const BY_NAME = new Map<string, PlatformIcon>(PLATFORM_ICONS.map((icon) => [compact(icon.id), icon]));

/** Style words of icon-font class lists that name no icon. */
const STYLE_WORD = /^(?:fa[bdlrst]?|fa-(?:brands|solid|regular|light|thin|duotone|fw|lg|xl|[1-9]?x[sl]?|\dx))$/;

/**
 * The icon an icon class name means: `fab fa-spotify`, `fa-spotify`, `spotify`, `si-spotify` and
 * `Apple Podcasts` all find theirs. Null when no word of it names a known icon.
 */
export function findPlatformIcon(className: string): PlatformIcon | null {
  const words = className
    .trim()
    .split(/\s+/)
    .filter((w) => w && !STYLE_WORD.test(w.toLowerCase()));
  const candidates = [...words.map((w) => w.replace(/^(?:fa|si|icon)-/i, "")), words.join("")];
  for (const candidate of candidates) {
    const name = compact(candidate);
    const icon = BY_NAME.get(ALIASES[name] ? compact(ALIASES[name]) : name);
    if (icon) return icon;
  }
  return null;
}
