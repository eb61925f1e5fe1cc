/** Listeners' messages (ARCHITECTURE.md "The client"): the queries both sides use; writes are in public/ and admin/. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Episode } from "@shared/api";
import type { Message, MessageCounts } from "@shared/messages";
import { settingQueryOptions } from "@/features/settings/api";
import { apiClient } from "@/lib/api-client";

/** Whether the owner takes messages (`messages_enabled`): the links to /message show only then. */
export function useMessagesEnabled(): boolean {
  return useQuery(settingQueryOptions("messages_enabled")).data === "true";
}

/** The episode a message is about, for the page to name it; null when there is none (unknown, a draft). */
export const messageEpisodeQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["episodes", "slug", slug],
    queryFn: () => apiClient.getOrNull<Episode>(`/api/episodes/slug/${encodeURIComponent(slug)}`),
  });

export type { Message, MessageStatus } from "@shared/messages";

/** Admin: every message, newest first. */
export const messagesQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "messages"],
    queryFn: () => apiClient.get<Message[]>("/api/messages"),
  });

/** Admin: how many are new, for the dashboard. */
export const messageCountsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "messages", "counts"],
    queryFn: () => apiClient.get<MessageCounts>("/api/messages/counts"),
  });

/** A voice message's recording, as an attachment; the player reads it in ranges. */
export const messageFileUrl = (id: string) => `/api/messages/${encodeURIComponent(id)}/file`;
