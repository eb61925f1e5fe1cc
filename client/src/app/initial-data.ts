import type { QueryClient } from "@tanstack/react-query";
import type { InitialData } from "@shared/initial-data";
import { PUBLIC_SETTING_KEYS } from "@shared/settings";
import { currentUserQueryOptions } from "@/features/auth/api";
import { clipBySlugQueryOptions, clipsQueryOptions } from "@/features/clips/api";
import { archiveQueryOptions, episodeBySlugQueryOptions, latestEpisodesQueryOptions } from "@/features/episodes/api";
import { providersQueryOptions } from "@/features/providers/api";
import type { PageContext } from "@/lib/page-context";
import { settingQueryOptions } from "@/features/settings/api";
import { siteThemeQueryOptions } from "@/features/theme/api";
import { identityQueryOptions } from "@/features/identity/api";
import { personQueryOptions } from "@/features/people/api";

/** What the first render reads besides the queries' data, as the server had it. */
export function pageContextOf(data: InitialData | null): PageContext | null {
  return data?.publicUrl !== undefined && data.year !== undefined ? { publicUrl: data.publicUrl, year: data.year } : null;
}

export function readInitialData(doc: Document = document): InitialData | null {
  const element = doc.getElementById("initial-data");
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return null;
  }
}

/**
 * Starts TanStack Query from the data the server sent with the page, so the first
 * screen paints without waiting for API calls; data is never stale (docs/product.md §9), so nothing is
 * asked for again until a change.
 */
export function seedQueryClient(client: QueryClient, data: InitialData | null): void {
  if (!data) return;
  for (const key of PUBLIC_SETTING_KEYS) client.setQueryData(settingQueryOptions(key).queryKey, data.values[key] ?? "");
  client.setQueryData(providersQueryOptions().queryKey, data.providers);
  if (data.theme !== undefined) client.setQueryData(siteThemeQueryOptions().queryKey, data.theme);
  if (data.identity) client.setQueryData(identityQueryOptions().queryKey, data.identity);
  if (data.latestEpisodes) client.setQueryData(latestEpisodesQueryOptions().queryKey, data.latestEpisodes);
  if (data.episode) client.setQueryData(episodeBySlugQueryOptions(data.episode.slug).queryKey, data.episode);
  if (data.missingEpisodeSlug !== undefined) client.setQueryData(episodeBySlugQueryOptions(data.missingEpisodeSlug).queryKey, null);
  if (data.archive)
    client.setQueryData(
      archiveQueryOptions({ page: data.archive.page, q: data.archive.query, season: data.archive.season }).queryKey,
      data.archive,
    );
  if (data.person) client.setQueryData(personQueryOptions(data.person.person.slug).queryKey, data.person);
  if (data.missingPersonSlug !== undefined) client.setQueryData(personQueryOptions(data.missingPersonSlug).queryKey, null);
  if (data.clips) client.setQueryData(clipsQueryOptions().queryKey, data.clips);
  if (data.clip) client.setQueryData(clipBySlugQueryOptions(data.clip.slug).queryKey, data.clip);
  // The server already said 404: the clip page shows 'Clip Not Found' without asking again.
  if (data.missingClipSlug !== undefined) client.setQueryData(clipBySlugQueryOptions(data.missingClipSlug).queryKey, null);
  // No session cookie: nobody is logged in, so /api/auth/me is not asked (its 401 stays for API users).
  if (data.hasSession === false) client.setQueryData(currentUserQueryOptions().queryKey, null);
}
