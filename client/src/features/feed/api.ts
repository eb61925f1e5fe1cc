import { queryOptions } from "@tanstack/react-query";
import type { DeletedFeedEpisode, FeedStatus, FeedSyncResult } from "@shared/api";
import { countText } from "@shared/strings";
import { apiClient } from "@/lib/api-client";

/** The feed's status; read again every few seconds while episodes' files are being fetched. */
export const feedStatusQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "feed", "status"],
    queryFn: () => apiClient.get<FeedStatus>("/api/feed/status"),
    refetchInterval: (query) => (query.state.data?.extras.running ? 3_000 : false),
  });

/** What is left to fetch of the episodes' files, in a sentence, or null when nothing is. */
export function describeExtras(extras: FeedStatus["extras"]): string | null {
  const parts = [
    extras.transcripts > 0 ? countText(extras.transcripts, "transcript") : null,
    extras.chapters > 0 ? countText(extras.chapters, "chapter list") : null,
    extras.artwork > 0 ? countText(extras.artwork, "picture") : null,
    extras.pictures > 0 ? countText(extras.pictures, "picture of a person", "pictures of people") : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const failing = extras.failing > 0 ? ` (${extras.failing} could not be fetched yet and will be tried again later)` : "";
  return `${parts.join(", ")} still to fetch${failing}`;
}

/** What a sync did, in a sentence: "12 new episodes, 3 updated, 2 items skipped (no audio file)". */
export function describeSync(result: FeedSyncResult): string {
  const parts: string[] = [];
  if (result.added > 0) parts.push(countText(result.added, "new episode"));
  if (result.updated > 0) parts.push(`${result.updated} updated`);
  if (parts.length === 0) parts.push("No new episodes: everything is up to date");
  if (result.skipped.length > 0) {
    const reasons = [...new Set(result.skipped.map((s) => s.reason))].join("; ");
    parts.push(`${countText(result.skipped.length, "item")} skipped (${reasons})`);
  }
  return parts.join(", ");
}

/** The feed episodes the owner deleted (a sync leaves them out until one is restored). */
export const deletedFeedEpisodesQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "feed", "deleted"],
    queryFn: () => apiClient.get<DeletedFeedEpisode[]>("/api/feed/deleted"),
  });
