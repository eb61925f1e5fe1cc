import { queryOptions } from "@tanstack/react-query";
import type { ArchiveQuery, Episode, EpisodeArchivePage, EpisodeInput, LatestEpisodes } from "@shared/api";
import { listQueryOptions, useCrudMutations } from "@/lib/crud";
import { apiClient } from "@/lib/api-client";
import { bySortOrder } from "@/lib/ordering";

const episodesQueryOptions = () => listQueryOptions<Episode>("episodes");

/** Admin: drafts included, in order (the admin's session returns them). */
export const orderedEpisodesQueryOptions = () =>
  queryOptions({ ...episodesQueryOptions(), select: (episodes: Episode[]) => bySortOrder(episodes) });

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

/** A page of /archive, or of a search. */
export const archiveQueryOptions = ({ page, q }: Pick<ArchiveQuery, "page" | "q">) =>
  queryOptions({
    queryKey: ["episodes", "archive", page, q],
    queryFn: () => apiClient.get<EpisodeArchivePage>(`/api/episodes/archive?${new URLSearchParams({ page: String(page), q }).toString()}`),
  });

export const useEpisodeMutations = () => useCrudMutations<Episode, EpisodeInput>("/api/episodes", episodesQueryOptions().queryKey);
