import { queryOptions } from "@tanstack/react-query";
import type { CurrentUser } from "@shared/api";
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
