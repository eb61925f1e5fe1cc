import { queryOptions } from "@tanstack/react-query";
import type { Provider } from "@shared/api";
import { listQueryOptions } from "@/lib/lists";
import { bySortOrder } from "@/lib/ordering";

export const providersQueryOptions = () => listQueryOptions<Provider>("providers");

export const orderedProvidersQueryOptions = () =>
  queryOptions({ ...providersQueryOptions(), select: (providers: Provider[]) => bySortOrder(providers) });
