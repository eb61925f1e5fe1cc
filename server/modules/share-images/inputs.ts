import type { Clip, Episode } from "../../../shared/api";
import { ellipsize } from "../../../shared/strings";
import type { Site } from "../pages";
import type { ShareImageInput } from "./draw";

/** A clip's share image: its key quote (or title) in the site's theme. */
export const clipShareInput = (clip: Clip, site: Site): ShareImageInput => ({
  headline: ellipsize(clip.keyQuote || clip.title, 200),
  isQuote: !!clip.keyQuote,
  footer: ellipsize(`${site.name} · ${clip.title}`, 70),
  theme: site.theme,
});

/** An episode's share image: its title, and the show's name with its number when it has one. */
export const episodeShareInput = (episode: Episode, site: Site): ShareImageInput => ({
  headline: ellipsize(episode.title, 200),
  isQuote: false,
  footer: ellipsize(episode.episodeNumber !== null ? `${site.name} · Episode ${episode.episodeNumber}` : site.name, 70),
  theme: site.theme,
});

/** The site's own share image: its name and description. */
export const siteShareInput = (site: Site): ShareImageInput => ({
  headline: site.name,
  isQuote: false,
  footer: ellipsize(site.description, 80),
  theme: site.theme,
});
