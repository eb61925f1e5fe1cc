import { queryOptions } from "@tanstack/react-query";
import type { Audition } from "@shared/auditions";
import { apiClient } from "@/lib/api-client";

/** The owner's hand-ins, newest first (docs/product.md "Audition hand-in"). */
export const auditionsQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "auditions"],
    queryFn: () => apiClient.get<Audition[]>("/api/auditions"),
  });

/** The file, as an attachment; the player reads it in ranges. */
export const auditionFileUrl = (id: string) => `/api/auditions/${id}/file`;
