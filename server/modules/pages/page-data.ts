import type {
  ArchiveQuery,
  Clip,
  ClipListItem,
  Episode,
  EpisodeArchivePage,
  LatestEpisodes,
  PersonPage,
  Provider,
} from "../../../shared/api";
import { siteNameOf } from "../../../shared/page-titles";
import type { SettingKey } from "../../../shared/settings";
import { siteLanguageOf } from "../../../shared/languages";
import type { Identity } from "../../../shared/identity";
import { parseStoredTheme, type Theme } from "../../../shared/theme";
import { AppError } from "../../platform/http/errors";
import type { SearchGate } from "../../platform/limits/search-gate";
import type { ClipsService } from "../clips";
import type { EpisodesService } from "../episodes";
import type { ProvidersService } from "../providers";
import type { IdentityService } from "../identity";
import type { PeopleService } from "../people";
import { translator } from "../languages";
import type { PublicCache } from "../../platform/http/public-cache";
import type { SettingsService } from "../settings";

/** What every page shows of the site: its public settings, providers, theme, name and description. */
export interface Site {
  values: Partial<Record<SettingKey, string>>;
  providers: Provider[];
  theme: Theme | null;
  name: string;
  description: string;
  identity: Identity;
}

export interface PageData {
  site(): Promise<Site>;
  /** The home page's lists: the first published episodes, and the published clips (without their articles). */
  home(): Promise<{ latestEpisodes: LatestEpisodes; clips: ClipListItem[] }>;
  /** Every published clip and episode, and everyone with a page, for the sitemap. */
  published(): Promise<{ episodes: Episode[]; clips: ClipListItem[]; people: { slug: string; updatedAt: string }[] }>;
  /** A published clip, or null. */
  findClip(slug: string): Promise<Clip | null>;
  /** A published episode, whole, or null. */
  findEpisode(slug: string): Promise<Episode | null>;
  /** A person's page, or null. */
  findPerson(slug: string): Promise<PersonPage | null>;
  /** The slug now of the published episode or clip that once had `slug`, or null (docs/product.md "Listening"). */
  findRenamed(kind: "episode" | "clip", slug: string): Promise<string | null>;
  /** `client`: who asks (an address, a /64), for the search gate; a page without words is not a search. */
  archive(query: ArchiveQuery, client: string): Promise<EpisodeArchivePage>;
}

/** How much of a transcript's words an episode's page carries: enough for readers and search engines, bounded for every visitor. */
const PAGE_TRANSCRIPT_CHARS = 60_000;

/** An episode as its page shows it: a long transcript cut after whole paragraphs, and marked as cut. */
function withPageTranscript(episode: Episode): Episode {
  const transcript = episode.transcript ?? [];
  let chars = 0;
  const kept = transcript.findIndex((paragraph) => (chars += paragraph.text.length) > PAGE_TRANSCRIPT_CHARS);
  if (kept === -1) return episode;
  // A first paragraph longer than the page may carry is cut itself.
  const shown =
    kept > 0 ? transcript.slice(0, kept) : [{ ...transcript[0]!, text: `${transcript[0]!.text.slice(0, PAGE_TRANSCRIPT_CHARS)}…` }];
  return { ...episode, transcript: shown, transcriptCut: true };
}

/** A lookup's answer, or null when it is "not found". */
async function orNull<T>(found: Promise<T>): Promise<T | null> {
  try {
    return await found;
  } catch (err) {
    if (err instanceof AppError && err.code === "NOT_FOUND") return null;
    throw err;
  }
}

/** What the visitors' view is read from: the services, through the public cache; searches pass the gate. */
interface PageDataDeps {
  providers: ProvidersService;
  clips: ClipsService;
  episodes: EpisodesService;
  settings: SettingsService;
  identity: IdentityService;
  people: PeopleService;
  cache: PublicCache;
  searchGate: SearchGate;
}

/** The visitors' view of the site for pages, share images and the sitemap, from the public cache. */
export function createPageData(deps: PageDataDeps): PageData {
  const { providers, clips, episodes, settings, identity, people, cache, searchGate } = deps;
  return {
    site: () =>
      cache.get("site", async () => {
        const [values, providerList, shown] = await Promise.all([
          settings.readPublic(),
          providers.list({ includeDrafts: false }),
          identity.get(),
        ]);
        return {
          values,
          providers: providerList,
          theme: parseStoredTheme(values.site_theme),
          name: siteNameOf(values.podcast_title),
          // Without the owner's description, the catalogue's in the site's language (as the pages say it).
          description: values.podcast_description || translator(siteLanguageOf(values.site_language)).t("site.defaultDescription"),
          identity: shown,
        };
      }),
    published: () =>
      cache.get("published", async () => {
        const [episodeList, clipList, peopleList] = await Promise.all([
          episodes.list({ includeDrafts: false }),
          clips.list({ includeDrafts: false }),
          people.withPages(),
        ]);
        return { episodes: episodeList, clips: clipList, people: peopleList };
      }),
    home: () =>
      cache.get("home", async () => {
        const [latestEpisodes, clipList] = await Promise.all([episodes.latest(), clips.list({ includeDrafts: false })]);
        return { latestEpisodes, clips: clipList };
      }),
    archive: (query, client) =>
      cache.get(`archive:${query.size}:${query.page}:${query.season ?? ""}:${query.q}`, () =>
        query.q ? searchGate.run(client, () => episodes.archive(query)) : episodes.archive(query),
      ),
    findEpisode: (slug) =>
      orNull(cache.get(`episode:${slug}`, async () => withPageTranscript(await episodes.getBySlug(slug, { includeDrafts: false })))),
    findClip: (slug) => orNull(cache.get(`clip:${slug}`, () => clips.getBySlug(slug, { includeDrafts: false }))),
    findPerson: (slug) => orNull(cache.get(`person:${slug}`, () => people.page(slug))),
    // Not kept: only addresses that exist are (a made-up one must not fill the cache).
    findRenamed: (kind, slug) => (kind === "episode" ? episodes.findRenamed(slug) : clips.findRenamed(slug)),
  };
}
