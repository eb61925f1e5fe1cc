import { queryOptions } from "@tanstack/react-query";
import type { Provider, ProviderInput } from "@shared/api";
import { useCrudMutations } from "@/lib/crud";
import { apiClient } from "@/lib/api-client";
import { bySortOrder } from "@/lib/ordering";

export const providersQueryOptions = () =>
  queryOptions({
    queryKey: ["providers"],
    queryFn: () => apiClient.get<Provider[]>("/api/providers"),
  });

export const orderedProvidersQueryOptions = () =>
  queryOptions({ ...providersQueryOptions(), select: (providers: Provider[]) => bySortOrder(providers) });

export const useProviderMutations = () =>
  useCrudMutations<Provider, ProviderInput>("/api/providers", providersQueryOptions().queryKey);
