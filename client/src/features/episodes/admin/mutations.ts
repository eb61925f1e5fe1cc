import { useQueryClient } from "@tanstack/react-query";
import type { Episode, EpisodeBulkInput, EpisodeInput } from "@shared/api";
import { apiClient } from "@/lib/api-client";
import { useCrudMutations } from "@/features/ordered-lists/admin/crud";
import { useSingleMutation } from "@/lib/single-mutation";
import { episodesQueryOptions } from "../api";

/** A feed episode deleted joins the deleted list, so the admin's feed data is read again too. */
export const useEpisodeMutations = () =>
  useCrudMutations<Episode, EpisodeInput>("/api/episodes", episodesQueryOptions().queryKey, [["admin", "feed"]]);

/** Publish, unpublish or delete many episodes in one call (all or nothing); every episode list is read again after. */
export function useBulkEpisodes() {
  const queryClient = useQueryClient();
  return useSingleMutation({
    mutationFn: (input: EpisodeBulkInput) => apiClient.post<{ count: number }>("/api/episodes/bulk", input),
    // A feed episode deleted joins the deleted list (the admin's feed data).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["episodes"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "feed"] }),
      ]),
  });
}
