import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { Audition, AuditionStatus } from "@shared/auditions";
import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";

/** The owner's hand-ins, newest first (docs/product.md "Audition hand-in"). */
export const auditionsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "auditions"],
    queryFn: () => apiClient.get<Audition[]>("/api/auditions"),
  });

/** The file, as an attachment; the player reads it in ranges. */
export const auditionFileUrl = (id: string) => `/api/auditions/${id}/file`;

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
