import { useSingleMutation } from "@/lib/single-mutation";
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/**
 * Create, update, delete and swap for one admin list (docs/product.md §4: after any change the list is
 * reloaded, whether the call succeeded or not). Swap is one transaction on the server (services/ordered-list.ts).
 */
export function useCrudMutations<T, Input>(basePath: string, queryKey: QueryKey, alsoChanges: QueryKey[] = []) {
  const queryClient = useQueryClient();
  // `alsoChanges`: other data a write changes too (read again after it).
  const onSettled = () => Promise.all([queryKey, ...alsoChanges].map((key) => queryClient.invalidateQueries({ queryKey: key })));
  return {
    create: useSingleMutation({ mutationFn: (input: Input) => apiClient.post<T>(basePath, input), onSettled }),
    update: useSingleMutation({
      mutationFn: ({ id, input }: { id: number; input: Partial<Input> }) => apiClient.put<T>(`${basePath}/${id}`, input),
      onSettled,
    }),
    remove: useSingleMutation({ mutationFn: (id: number) => apiClient.delete<void>(`${basePath}/${id}`), onSettled }),
    swap: useSingleMutation({
      mutationFn: ({ id, withId }: { id: number; withId: number }) => apiClient.post<T[]>(`${basePath}/${id}/swap`, { withId }),
      onSettled,
    }),
  };
}
