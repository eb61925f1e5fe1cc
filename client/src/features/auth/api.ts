import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { CurrentUser, LoginInput } from "@shared/api";
import { apiClient, isApiError } from "@/lib/api-client";

const currentUserKey = ["auth", "me"] as const;

/** The current user, or null when nobody is logged in (401); no retry (docs/product.md §7). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserKey,
    queryFn: async (): Promise<CurrentUser | null> => {
      try {
        return await apiClient.get<CurrentUser>("/api/auth/me");
      } catch (error) {
        if (isApiError(error, "UNAUTHORIZED")) return null;
        throw error;
      }
    },
    retry: false,
  });

export function isAdminUser(user: CurrentUser | null | undefined): boolean {
  return user?.isAdmin === true;
}

/** Lists differ for the admin (drafts included): reload them when the session changes. */
function refreshSessionData(queryClient: QueryClient, user: CurrentUser | null): void {
  queryClient.setQueryData(currentUserKey, user);
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
