import { queryOptions } from "@tanstack/react-query";
import type { Setting } from "@shared/api";
import type { SettingKey } from "@shared/settings";
import { apiClient } from "@/lib/api-client";

export const settingQueryOptions = (key: SettingKey) =>
  queryOptions({
    queryKey: ["settings", key],
    queryFn: async () => (await apiClient.get<Setting>(`/api/settings/${key}`)).value,
  });
