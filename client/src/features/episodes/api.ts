import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { AdminEpisodePage, AdminEpisodeQuery, ArchiveQuery, Episode, EpisodeArchivePage, LatestEpisodes } from "@shared/api";
import { listQueryOptions } from "@/features/ordered-lists/api";
import { apiClient } from "@/lib/api-client";

export const episodesQueryOptions = () => listQueryOptions<Episode>("episodes");

/** One episode with its show notes, or null: the API answers 404 for a missing slug (and a draft, to visitors). */
export const episodeBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["episodes", "slug", slug],
    queryFn: () => apiClient.getOrNull<Episode>(`/api/episodes/slug/${encodeURIComponent(slug)}`),
  });

/** The home page's strip: the first 12 published episodes in the admin's order, and the count of all. */
export const latestEpisodesQueryOptions = () =>
  queryOptions({
    queryKey: ["episodes", "latest"],
    queryFn: () => apiClient.get<LatestEpisodes>("/api/episodes/latest"),
  });

/** A page of /archive, of a search, or of a season. */
export const archiveQueryOptions = ({ page, q, season = null }: Pick<ArchiveQuery, "page" | "q"> & { season?: number | null }) =>
  queryOptions({
    queryKey: ["episodes", "archive", page, q, season],
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), q });
      if (season !== null) params.set("season", String(season));
      return apiClient.get<EpisodeArchivePage>(`/api/episodes/archive?${params.toString()}`);
    },
  });

/** A page of the admin's episodes screen with its filters; the page shown stays while the next loads. */
export const adminEpisodesQueryOptions = (query: AdminEpisodeQuery) =>
  queryOptions({
    queryKey: ["episodes", "admin", query],
    queryFn: () => {
      const params = new URLSearchParams({ q: query.q, status: query.status, source: query.source, page: String(query.page) });
      if (query.season !== null) params.set("season", String(query.season));
      return apiClient.get<AdminEpisodePage>(`/api/episodes/admin?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
