/** Site settings: read by every part of the site (saved through admin/mutations.ts, the admin's). */
import { queryOptions } from "@tanstack/react-query";
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
