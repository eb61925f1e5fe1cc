import { queryOptions } from "@tanstack/react-query";
import type { Provider } from "@shared/api";
import { apiClient } from "@/lib/api-client";
import { bySortOrder } from "@/lib/ordering";

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ["providers"],
    queryFn: () => apiClient.get<Provider[]>("/api/providers"),
  });

export const orderedProvidersQueryOptions = () =>
  queryOptions({ ...providersQueryOptions(), select: (providers: Provider[]) => bySortOrder(providers) });
