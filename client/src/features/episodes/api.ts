import { queryOptions } from "@tanstack/react-query";
import type { Episode } from "@shared/api";
import { apiClient } from "@/lib/api-client";
import { publishedInOrder } from "@/lib/ordering";

export const episodesQueryOptions = () =>
  queryOptions({
    queryKey: ["episodes"],
    queryFn: () => apiClient.get<Episode[]>("/api/episodes"),
  });

/** What a visitor sees: published episodes in order (the admin's session also returns drafts). */
export const publicEpisodesQueryOptions = () =>
  queryOptions({ ...episodesQueryOptions(), select: (episodes: Episode[]) => publishedInOrder(episodes) });
