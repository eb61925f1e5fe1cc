/** Site settings: read by every part of the site, saved by the dashboard and the editors page. */
import { useSingleMutation } from "@/lib/single-mutation";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import type { Setting } from "@shared/api";
import type { SettingKey } from "@shared/settings";
import { apiClient } from "@/lib/api-client";

export const settingQueryOptions = (key: SettingKey) =>
  queryOptions({
    queryKey: ["settings", key],
    queryFn: async () => (await apiClient.get<Setting>(`/api/settings/${key}`)).value,
  });

export type SettingValues = Partial<Record<SettingKey, string>>;

/** Admin: every setting but the write-only audition password, as a key-value record. */
export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "settings"],
    queryFn: async (): Promise<SettingValues> => {
      const list = await apiClient.get<Setting[]>("/api/settings");
      return Object.fromEntries(list.map((s) => [s.key, s.value])) as SettingValues;
    },
  });

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
