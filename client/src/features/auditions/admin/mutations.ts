import { useQueryClient } from "@tanstack/react-query";
import type { AuditionStatus } from "@shared/auditions";
import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
import { auditionsQueryOptions, uploadsUnderwayQueryOptions } from "../api";

/** The owner's writes to a hand-in: its status, or its removal with its file. */
export function useSetAuditionStatus() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: ({ id, status }: { id: string; status: AuditionStatus }) =>
      apiClient.put<{ status: AuditionStatus }>(`/api/auditions/${id}`, { status }),
    onSuccess: (_, { id, status }) =>
      queryClient.setQueryData(auditionsQueryOptions().queryKey, (list) => list?.map((a) => (a.id === id ? { ...a, status } : a))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditionsQueryOptions().queryKey }),
  });
}

export function useDeleteAudition() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/auditions/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: auditionsQueryOptions().queryKey }),
  });
}

/** The owner drops an upload under way, giving its space in the inbox back. */
export function useDeleteUpload() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (id: string) => apiClient.delete<void>(`/api/auditions/uploads/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: uploadsUnderwayQueryOptions().queryKey }),
  });
}

/** The owner's short note to a candidate, by e-mail (docs/product.md "E-mail"). */
export function useSendNote() {
  return useSingleMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => apiClient.post<{ sent: true }>(`/api/auditions/${id}/note`, { text }),
  });
}
