import { useMutation, type DefaultError, type UseMutationOptions, type UseMutationResult } from "@tanstack/react-query";
import { useRef } from "react";

/**
 * TanStack Query's useMutation, one call at a time: a second click or Enter that comes before
 * the first call has answered (before its button shows it is busy) is ignored, so no write is
 * sent twice (docs/product.md "The owner's work").
 */
export function useSingleMutation<TData = unknown, TError = DefaultError, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const running = useRef(false);
  const mutation = useMutation<TData, TError, TVariables, TContext>({
    ...options,
    // The mutation's own callback: it runs even when the component that called has gone.
    onSettled: (...args) => {
      running.current = false;
      return options.onSettled?.(...args);
    },
  });
  const mutate = ((...args: Parameters<typeof mutation.mutate>) => {
    if (running.current) return;
    running.current = true;
    mutation.mutate(...args);
  }) as typeof mutation.mutate;
  return { ...mutation, mutate };
}
