import { queryOptions } from "@tanstack/react-query";
import type { Clip, ClipInput, ClipListItem } from "@shared/api";
import { useCrudMutations, type WithStringOrder } from "@/lib/crud";
import { apiClient } from "@/lib/api-client";
import { bySortOrder, publishedInOrder } from "@/lib/ordering";

export const clipsQueryOptions = () =>
  queryOptions({
    queryKey: ["clips"],
    queryFn: () => apiClient.get<ClipListItem[]>("/api/clips"),
  });

export const publicClipsQueryOptions = () =>
  queryOptions({ ...clipsQueryOptions(), select: (clips: ClipListItem[]) => publishedInOrder(clips) });

/** One clip by slug; the API answers 404 for a missing or draft slug (DESIGN.md). */
export const clipBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["clips", "slug", slug],
    queryFn: () => apiClient.get<Clip>(`/api/clips/slug/${encodeURIComponent(slug)}`),
  });

export const orderedClipsQueryOptions = () =>
  queryOptions({ ...clipsQueryOptions(), select: (clips: ClipListItem[]) => bySortOrder(clips) });

export const useClipMutations = () => useCrudMutations<Clip, WithStringOrder<ClipInput>>("/api/clips", clipsQueryOptions().queryKey);
