import { useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { useSingleMutation } from "@/lib/single-mutation";
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
