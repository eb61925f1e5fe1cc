import { queryOptions } from "@tanstack/react-query";
import type { PersonPage } from "@shared/api";
import { apiClient } from "@/lib/api-client";

/** A person's page, or null: the API answers 404 for someone the show does not name. */
export const personQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ["people", "slug", slug],
    queryFn: () => apiClient.getOrNull<PersonPage>(`/api/people/slug/${encodeURIComponent(slug)}`),
  });
