import { useQueryClient } from "@tanstack/react-query";
import type { FeedStatus, FeedSyncResult } from "@shared/api";
import type { ShowField } from "@shared/feed-show";
import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
import { feedStatusQueryOptions } from "../api";

/** The owner takes the address the host moved the show to (FeedStatus.move). */
export function useAcceptFeedMove() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: () => apiClient.post<FeedStatus>("/api/feed/move", {}),
    onSuccess: (status) => queryClient.setQueryData(feedStatusQueryOptions().queryKey, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["admin", "settings"] }),
  });
}

/** Syncs the show's feed now; afterwards the episode lists and the status are read again. */
export function useSyncFeed() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: () => apiClient.post<FeedSyncResult>("/api/feed/sync", {}),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["episodes"] }),
        // The status, and another show's details to take when the feed is now another show's.
        queryClient.invalidateQueries({ queryKey: ["admin", "feed"] }),
        // A new site takes the show's name, description, language, artwork and hosts from its feed: every form and page showing them reads them again.
        queryClient.invalidateQueries({ queryKey: ["admin", "settings"] }),
        queryClient.invalidateQueries({ queryKey: ["settings"] }),
        queryClient.invalidateQueries({ queryKey: ["identity"] }),
      ]);
    },
  });
}

/** Brings a deleted feed episode back: the feed is read again at once, when it can be. */
export function useRestoreDeleted() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (id: number) => apiClient.post<{ sync: FeedSyncResult | null; message?: string }>(`/api/feed/deleted/${id}/restore`, {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["episodes"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "feed"] }),
      ]),
  });
}

/** Removes the episodes of the previous feed (another show's), never the owner's own. */
export function useDeletePreviousFeedEpisodes() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: () => apiClient.post<{ count: number }>("/api/feed/previous-episodes/delete", {}),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["episodes"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "feed"] }),
      ]),
  });
}

/**
 * The owner's answer to another show's details (GET /api/feed/show): the listed ones are taken in
 * one step, none keeps the owner's own. The settings and identity every page shows are read again.
 */
export function useAdoptShow(answered: { onSuccess: (taken: ShowField[]) => void; onError: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (take: ShowField[]) => apiClient.post<{ taken: ShowField[] }>("/api/feed/adopt-show", { take }),
    // The mutation's own callbacks: once answered, the offer is gone and so is the dialog that asked.
    onSuccess: ({ taken }) => answered.onSuccess(taken),
    onError: (error) => answered.onError(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "feed"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "settings"] }),
        queryClient.invalidateQueries({ queryKey: ["settings"] }),
        queryClient.invalidateQueries({ queryKey: ["identity"] }),
      ]),
  });
}
