import { queryOptions } from "@tanstack/react-query";
import type { DeletedFeedEpisode, FeedStatus, FeedSyncResult } from "@shared/api";
import { apiClient } from "@/lib/api-client";
import type { AdminKey, Translate } from "@/lib/i18n";

/** The feed's status; read again every few seconds while episodes' files are being fetched. */
export const feedStatusQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "feed", "status"],
    queryFn: () => apiClient.get<FeedStatus>("/api/feed/status"),
    refetchInterval: (query) => (query.state.data?.extras.running ? 3_000 : false),
  });

/** Parts of a sentence joined as the language lists them ("a, b, c"). */
const joined = (parts: string[], locale: string) => new Intl.ListFormat(locale, { type: "unit", style: "short" }).format(parts);

/** What is left to fetch of the episodes' files, in a sentence, or null when nothing is. */
export function describeExtras(extras: FeedStatus["extras"], t: Translate<AdminKey>, locale: string): string | null {
  const parts = [
    extras.transcripts > 0 ? t("feedExtras.transcripts", { count: extras.transcripts }) : null,
    extras.chapters > 0 ? t("feedExtras.chapters", { count: extras.chapters }) : null,
    extras.artwork > 0 ? t("feedExtras.artwork", { count: extras.artwork }) : null,
    extras.pictures > 0 ? t("feedExtras.pictures", { count: extras.pictures }) : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  const list = joined(parts, locale);
  return extras.failing > 0
    ? t("feedExtras.stillToFetchFailing", { list, failing: extras.failing })
    : t("feedExtras.stillToFetch", { list });
}

/** What a sync did, in a sentence: "12 new episodes, 3 updated, 2 items skipped (no audio file)". */
export function describeSync(result: FeedSyncResult, t: Translate<AdminKey>, locale: string): string {
  const parts: string[] = [];
  if (result.added > 0) parts.push(t("feedResult.added", { count: result.added }));
  if (result.updated > 0) parts.push(t("feedResult.updated", { count: result.updated }));
  if (parts.length === 0) parts.push(t("feedResult.upToDate"));
  if (result.skipped.length > 0) {
    // The reasons are the server's words for each item.
    const reasons = [...new Set(result.skipped.map((s) => s.reason))].join("; ");
    parts.push(t("feedResult.skipped", { count: result.skipped.length, reasons }));
  }
  return joined(parts, locale);
}

/** The feed episodes the owner deleted (a sync leaves them out until one is restored). */
export const deletedFeedEpisodesQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "feed", "deleted"],
    queryFn: () => apiClient.get<DeletedFeedEpisode[]>("/api/feed/deleted"),
  });
