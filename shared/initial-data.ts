import type { Clip, ClipListItem, Episode, EpisodeArchivePage, LatestEpisodes, PersonPage, Provider } from "./api";
import type { Identity } from "./identity";
import type { SettingKey } from "./settings";
import type { Theme } from "./theme";

/**
 * What the server puts in a page for its first screen (server/modules/pages/routes.ts), and the client
 * feeds to TanStack Query before it renders (client/src/app/initial-data.ts).
 */
export interface InitialData {
  /** The site's public address (PUBLIC_URL), for the links a page shares. */
  publicUrl?: string;
  /** The year the page was made, for the copyright line (the same on the server and in the browser). */
  year?: number;
  /** The public settings that are set. */
  values: Partial<Record<SettingKey, string>>;
  providers: Provider[];
  theme?: Theme | null;
  /** The About page and the show's pictures (banners, artwork). */
  identity?: Identity;
  /** The home page's strip: the first episodes, and how many there are. */
  latestEpisodes?: LatestEpisodes;
  clips?: ClipListItem[];
  clip?: Clip;
  /** An episode's page: the episode whole (notes, transcript, chapters). */
  episode?: Episode;
  /** A page of /archive, or of a search. */
  archive?: EpisodeArchivePage;
  /** A person's page. */
  person?: PersonPage;
  /** On a 404 clip or episode page: the slug the server found nothing for. */
  missingClipSlug?: string;
  missingEpisodeSlug?: string;
  missingPersonSlug?: string;
  /** Whether a session cookie came with the page's request (false: nobody is logged in). */
  hasSession?: boolean;
}
