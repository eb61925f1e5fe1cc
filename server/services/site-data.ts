import type { Clip, ClipListItem, Episode, Provider } from "../../shared/api";
import { siteNameOf } from "../../shared/page-titles";
import type { SettingKey } from "../../shared/settings";
import { DEFAULT_PODCAST_DESCRIPTION } from "../../shared/site";
import { parseStoredTheme, type Theme } from "../../shared/theme";
import { AppError } from "../lib/errors";
import type { ContentService } from "./content";
import type { EpisodesService } from "./episodes";
import type { PublicCache } from "./public-cache";
import type { SettingsService } from "./settings";

/** What every page shows of the site: its public settings, providers, theme, name and description. */
export interface Site {
  values: Partial<Record<SettingKey, string>>;
  providers: Provider[];
  theme: Theme | null;
  name: string;
  description: string;
}

export interface SiteData {
  site(): Promise<Site>;
  /** What visitors see: published episodes and clips (clips without their articles). */
  published(): Promise<{ episodes: Episode[]; clips: ClipListItem[] }>;
  /** A published clip, or null. */
  findClip(slug: string): Promise<Clip | null>;
}

/** The visitors' view of the site for pages, share images and the sitemap, from the public cache. */
export function createSiteData({
  content,
  episodes,
  settings,
  cache,
}: {
  content: ContentService;
  episodes: EpisodesService;
  settings: SettingsService;
  cache: PublicCache;
}): SiteData {
  return {
    site: () =>
      cache.get("site", async () => {
        const [values, providers] = await Promise.all([settings.readPublic(), content.listProviders()]);
        return {
          values,
          providers,
          theme: parseStoredTheme(values.site_theme),
          name: siteNameOf(values.podcast_title),
          description: values.podcast_description || DEFAULT_PODCAST_DESCRIPTION,
        };
      }),
    published: () =>
      cache.get("published", async () => {
        const [episodeList, clips] = await Promise.all([episodes.list({ includeDrafts: false }), content.listClips({ includeDrafts: false })]);
        return { episodes: episodeList, clips };
      }),
    async findClip(slug) {
      try {
        return await cache.get(`clip:${slug}`, () => content.getClipBySlug(slug, { includeDrafts: false }));
      } catch (err) {
        if (err instanceof AppError && err.code === "NOT_FOUND") return null;
        throw err;
      }
    },
  };
}
