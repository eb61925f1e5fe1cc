import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

export const myLanguageKey = ["languages", "mine"] as const;

/** The signed-in person's own language for the admin area; null: the site's. */
export const myLanguageQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: myLanguageKey,
    queryFn: () => apiClient.get<{ language: string | null }>("/api/languages/mine"),
    enabled,
    staleTime: Infinity,
  });
