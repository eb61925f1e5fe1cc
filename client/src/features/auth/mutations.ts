import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CurrentUser, LoginInput } from "@shared/api";
import { apiClient } from "@/lib/api-client";
import { currentUserQueryOptions } from "./api";

/** Lists differ for the admin (drafts included): reload them when the session changes. */
function refreshSessionData(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(currentUserQueryOptions().queryKey, user);
  for (const key of ["episodes", "clips", "providers"]) void queryClient.invalidateQueries({ queryKey: [key] });
  queryClient.removeQueries({ queryKey: ["admin"] });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiClient.post<CurrentUser>("/api/auth/login", input),
    onSuccess: (user) => refreshSessionData(queryClient, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post<unknown>("/api/auth/logout"),
    onSuccess: () => refreshSessionData(queryClient, null),
  });
}
