import { useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
import { messageCountsQueryOptions, messagesQueryOptions, type Message, type MessageStatus } from "../api";

/** Drops the list and the dashboard's count, which every write changes. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: messagesQueryOptions().queryKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: messageCountsQueryOptions().queryKey }),
    ]);
}

/** The owner marks a message new, played or archived (playing it marks it played). */
export function useSetMessageStatus() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useSingleMutation({
    mutationFn: ({ id, status }: { id: string; status: MessageStatus }) =>
      apiClient.put<Message>(`/api/messages/${encodeURIComponent(id)}`, { status }),
    onSuccess: (_, { id, status }) =>
      queryClient.setQueryData(messagesQueryOptions().queryKey, (list) => list?.map((m) => (m.id === id ? { ...m, status } : m))),
    onSettled: refresh,
  });
}

/** The owner deletes a message, with its recording. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useSingleMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/messages/${encodeURIComponent(id)}`),
    onSuccess: (_, id) => queryClient.setQueryData(messagesQueryOptions().queryKey, (list) => list?.filter((m) => m.id !== id)),
    onSettled: refresh,
  });
}
