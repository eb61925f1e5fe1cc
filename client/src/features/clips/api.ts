import { queryOptions } from "@tanstack/react-query";
import type { Clip } from "@shared/api";
import { apiClient } from "@/lib/api-client";
import { publishedInOrder } from "@/lib/ordering";

export const clipsQueryOptions = () =>
  queryOptions({
    queryKey: ["clips"],
    queryFn: () => apiClient.get<Clip[]>("/api/clips"),
  });

export const publicClipsQueryOptions = () =>
  queryOptions({ ...clipsQueryOptions(), select: (clips: Clip[]) => publishedInOrder(clips) });

/** One clip by slug; the API answers 404 for a missing or draft slug (DESIGN.md). */
export const clipBySlugQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["clips", "slug", slug],
    queryFn: () => apiClient.get<Clip>(`/api/clips/slug/${encodeURIComponent(slug)}`),
  });
