import { queryOptions } from "@tanstack/react-query";
import type { Clip, ClipInput, ClipListItem } from "@shared/api";
import { useCrudMutations } from "@/lib/crud";
import { apiClient, isApiError } from "@/lib/api-client";
import { bySortOrder, publishedInOrder } from "@/lib/ordering";

export const clipsQueryOptions = () =>
  queryOptions({
    queryKey: ["clips"],
    queryFn: () => apiClient.get<ClipListItem[]>("/api/clips"),
  });

export const publicClipsQueryOptions = () =>
  queryOptions({ ...clipsQueryOptions(), select: (clips: ClipListItem[]) => publishedInOrder(clips) });

/** One clip by slug, or null: the API answers 404 for a missing or draft slug (docs/product.md). */
export const clipBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["clips", "slug", slug],
    queryFn: async (): Promise<Clip | null> => {
      try {
        return await apiClient.get<Clip>(`/api/clips/slug/${encodeURIComponent(slug)}`);
      } catch (error) {
        if (isApiError(error, "NOT_FOUND")) return null;
        throw error;
      }
    },
  });

export const orderedClipsQueryOptions = () =>
  queryOptions({ ...clipsQueryOptions(), select: (clips: ClipListItem[]) => bySortOrder(clips) });

export const useClipMutations = () => useCrudMutations<Clip, ClipInput>("/api/clips", clipsQueryOptions().queryKey);
