import { queryOptions } from "@tanstack/react-query";
import type { Provider, ProviderInput } from "@shared/api";
import { listQueryOptions, useCrudMutations } from "@/lib/crud";
import { bySortOrder } from "@/lib/ordering";

export const providersQueryOptions = () => listQueryOptions<Provider>("providers");

export const orderedProvidersQueryOptions = () =>
  queryOptions({ ...providersQueryOptions(), select: (providers: Provider[]) => bySortOrder(providers) });

export const useProviderMutations = () => useCrudMutations<Provider, ProviderInput>("/api/providers", providersQueryOptions().queryKey);
