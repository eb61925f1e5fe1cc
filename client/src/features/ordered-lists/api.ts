import { queryOptions } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/** One of the ordered lists (`/api/providers`, `/api/episodes`, `/api/clips`), cached under its name. */
export const listQueryOptions = <T>(name: "providers" | "episodes" | "clips") =>
  queryOptions({
    queryKey: [name],
    queryFn: () => apiClient.get<T[]>(`/api/${name}`),
  });
