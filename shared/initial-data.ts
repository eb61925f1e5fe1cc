import type { Clip, ClipListItem, Episode, Provider } from "./api";
import type { SettingKey } from "./settings";
import type { Theme } from "./theme";

/**
 * What the server puts in a page for its first screen (server/routes/pages.ts), and the client
 * feeds to TanStack Query before it renders (client/src/app/initial-data.ts).
 */
export interface InitialData {
  /** The public settings that are set. */
  values: Partial<Record<SettingKey, string>>;
  providers: Provider[];
  theme?: Theme | null;
  episodes?: Episode[];
  clips?: ClipListItem[];
  clip?: Clip;
  /** On a 404 clip page: the slug the server found no clip for. */
  missingClipSlug?: string;
  /** Whether a session cookie came with the page's request (false: nobody is logged in). */
  hasSession?: boolean;
}
