import { useQueryClient } from "@tanstack/react-query";
import type { Theme } from "@shared/theme";
import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
import { siteThemeQueryOptions } from "../api";

/** Saves the site theme for every visitor (docs/product.md §4: only on 'Apply Theme'). */
export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: async (theme: Theme) => {
      const { serializeTheme } = await import("@shared/theme");
      await apiClient.post("/api/settings", { key: "site_theme", value: serializeTheme(theme) });
      return theme;
    },
    onSuccess: (theme) => queryClient.setQueryData(siteThemeQueryOptions().queryKey, theme),
  });
}
