import { useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
import type { LanguageTag } from "@shared/languages";
import type { SettingValues } from "../api";

/** Several settings in one request and one transaction: all saved, or none (PUT /api/settings). */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (values: SettingValues) =>
      apiClient.put<{ saved: string[] }>("/api/settings", {
        settings: Object.entries(values).map(([key, value]) => ({ key, value: value ?? "" })),
      }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["settings"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "settings"] }),
      ]);
    },
  });
}

/** The site's language, one setting (POST /api/settings, as the theme is saved); every settings query is read again after. */
export function useSaveSiteLanguage() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (tag: LanguageTag) => apiClient.post("/api/settings", { key: "site_language", value: tag }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["settings"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "settings"] }),
      ]);
    },
  });
}
