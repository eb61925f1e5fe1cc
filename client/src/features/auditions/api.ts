import { queryOptions } from "@tanstack/react-query";
import type { AccessLogEntry } from "@shared/api";
import type { Audition, UploadUnderway } from "@shared/auditions";
import { apiClient } from "@/lib/api-client";

/** A file the unlock opens to a candidate (docs/product.md "Audition"). */
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

/** The owner's hand-ins, newest first (docs/product.md "Audition hand-in"). */
export const auditionsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "auditions"],
    queryFn: () => apiClient.get<Audition[]>("/api/auditions"),
  });

/** Uploads under way, which hold space in the inbox until they finish or go idle (docs/product.md "No one can block or spoil the hand-in"). */
export const uploadsUnderwayQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "auditions", "uploads"],
    queryFn: () => apiClient.get<UploadUnderway[]>("/api/auditions/uploads"),
  });

/** The file, as an attachment; the player reads it in ranges. */
export const auditionFileUrl = (id: string) => `/api/auditions/${id}/file`;
