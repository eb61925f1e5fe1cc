import { queryOptions } from "@tanstack/react-query";
import type { AccessLogEntry } from "@shared/api";
import { apiClient } from "@/lib/api-client";

export interface AuditionFile {
  name: string;
  url: string;
}

/** Admin: whether an audition password is set (it is write-only and never sent back). */
export const passwordStatusQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "editors", "password-status"],
    queryFn: () => apiClient.get<{ isSet: boolean }>("/api/editors/password-status"),
  });

export const accessLogQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "editors", "access-log"],
    queryFn: () => apiClient.get<AccessLogEntry[]>("/api/editor-access-log"),
  });
