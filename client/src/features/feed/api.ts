import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { FeedStatus, FeedSyncResult } from "@shared/api";
import { apiClient } from "@/lib/api-client";

export const feedStatusQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "feed", "status"],
    queryFn: () => apiClient.get<FeedStatus>("/api/feed/status"),
  });

/** Syncs the show's feed now; afterwards the episode lists and the status are read again. */
export function useSyncFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<FeedSyncResult>("/api/feed/sync", {}),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["episodes"] }),
        queryClient.invalidateQueries({ queryKey: feedStatusQueryOptions().queryKey }),
        // A moved feed's new address is saved by the sync.
        queryClient.invalidateQueries({ queryKey: ["admin", "settings"] }),
      ]);
    },
  });
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a sync did, in a sentence: "12 new episodes, 3 updated, 2 items skipped (no audio file)". */
export function describeSync(result: FeedSyncResult): string {
  const parts: string[] = [];
  if (result.added > 0) parts.push(count(result.added, "new episode", "new episodes"));
  if (result.updated > 0) parts.push(`${result.updated} updated`);
  if (parts.length === 0) parts.push("No new episodes: everything is up to date");
  if (result.skipped.length > 0) {
    const reasons = [...new Set(result.skipped.map((s) => s.reason))].join("; ");
    parts.push(`${count(result.skipped.length, "item", "items")} skipped (${reasons})`);
  }
  return parts.join(", ");
}
