import { queryOptions } from "@tanstack/react-query";
import type { Audition, UploadUnderway } from "@shared/auditions";
import { apiClient } from "@/lib/api-client";

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
