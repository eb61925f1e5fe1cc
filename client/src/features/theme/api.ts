import { queryOptions } from "@tanstack/react-query";
import type { Setting } from "@shared/api";
import type { Theme } from "@shared/theme";
import { apiClient } from "@/lib/api-client";

/**
 * The stored site theme, read by every visitor (docs/product.md §4); no retry (§7). The parser (and the
 * zod schemas it uses) loads as its own small chunk, in parallel with the request.
 */
export const siteThemeQueryOptions = () =>
  queryOptions({
    queryKey: ["theme", "site"],
    queryFn: async (): Promise<Theme | null> => {
      const [setting, { parseStoredTheme }] = await Promise.all([
        apiClient.get<Setting>("/api/settings/site_theme"),
        import("@shared/theme"),
      ]);
      return parseStoredTheme(setting.value);
    },
    retry: false,
  });
