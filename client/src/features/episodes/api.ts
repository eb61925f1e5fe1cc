import { queryOptions } from "@tanstack/react-query";
import type { Episode, EpisodeInput } from "@shared/api";
import { useCrudMutations } from "@/lib/crud";
import { apiClient } from "@/lib/api-client";
import { bySortOrder, publishedInOrder } from "@/lib/ordering";

export const episodesQueryOptions = () =>
  queryOptions({
    queryKey: ["episodes"],
    queryFn: () => apiClient.get<Episode[]>("/api/episodes"),
  });

/** What a visitor sees: published episodes in order (the admin's session also returns drafts). */
export const publicEpisodesQueryOptions = () =>
  queryOptions({ ...episodesQueryOptions(), select: (episodes: Episode[]) => publishedInOrder(episodes) });

/** Admin: drafts included, in order (the admin's session returns them). */
export const orderedEpisodesQueryOptions = () =>
  queryOptions({ ...episodesQueryOptions(), select: (episodes: Episode[]) => bySortOrder(episodes) });

export const useEpisodeMutations = () => useCrudMutations<Episode, EpisodeInput>("/api/episodes", episodesQueryOptions().queryKey);
