import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InvitationInput } from "@shared/access";
import { apiClient } from "@/lib/api-client";
import { peopleKey } from "../api";

/** The owner's writes of the people with access; each refreshes the lists (people and invitations share a key prefix). */
export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvitationInput) => apiClient.post<{ url: string }>("/api/users/invitations", input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKey }),
  });
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<void>(`/api/users/invitations/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKey }),
  });
}

export function useRemovePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete<void>(`/api/users/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleKey }),
  });
}
