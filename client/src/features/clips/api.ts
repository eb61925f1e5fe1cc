import { queryOptions } from "@tanstack/react-query";
import type { Clip, ClipListItem } from "@shared/api";
import { listQueryOptions } from "@/features/ordered-lists/api";
import { apiClient } from "@/lib/api-client";
import { bySortOrder, publishedInOrder } from "@/features/ordered-lists/ordering";

export const clipsQueryOptions = () => listQueryOptions<ClipListItem>("clips");

export const publicClipsQueryOptions = () =>
  queryOptions({ ...clipsQueryOptions(), select: (clips: ClipListItem[]) => publishedInOrder(clips) });

/** One clip by slug, or null: the API answers 404 for a missing or draft slug (docs/product.md). */
export const clipBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["clips", "slug", slug],
    queryFn: () => apiClient.getOrNull<Clip>(`/api/clips/slug/${encodeURIComponent(slug)}`),
  });

export const orderedClipsQueryOptions = () =>
  queryOptions({ ...clipsQueryOptions(), select: (clips: ClipListItem[]) => bySortOrder(clips) });
