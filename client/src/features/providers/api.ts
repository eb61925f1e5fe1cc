import { queryOptions } from "@tanstack/react-query";
import type { Provider } from "@shared/api";
import { listQueryOptions } from "@/features/ordered-lists/api";
import { bySortOrder } from "@/features/ordered-lists/ordering";

export const providersQueryOptions = () => listQueryOptions<Provider>("providers");

export const orderedProvidersQueryOptions = () =>
  queryOptions({ ...providersQueryOptions(), select: (providers: Provider[]) => bySortOrder(providers) });
