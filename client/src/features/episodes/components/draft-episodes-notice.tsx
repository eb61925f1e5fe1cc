import { useQuery } from "@tanstack/react-query";
import { BusyButton } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { adminEpisodesQueryOptions } from "../api";
import { useBulkEpisodes } from "../mutations";

const DRAFTS = { q: "", status: "draft", source: "all", season: null, page: 1 } as const;

/**
 * How many episodes wait as drafts (after a first import that kept them so, say), with one
 * button that publishes them all; nothing while there are none.
 */
export function DraftEpisodesNotice() {
  const drafts = useQuery(adminEpisodesQueryOptions(DRAFTS));
  const bulk = useBulkEpisodes();
  const total = drafts.data?.total ?? 0;
  if (total === 0) return null;
  const plural = `${total} episode${total === 1 ? "" : "s"}`;
  return (
    <div className="mt-4 rounded-lg border-2 border-fg/40 p-4" role="region" aria-label="Draft episodes">
      <p className="font-semibold">
        {plural} {total === 1 ? "is a draft" : "are drafts"}: visitors do not see {total === 1 ? "it" : "them"} yet.
      </p>
      <BusyButton
        type="button"
        className="btn mt-3"
        isPending={bulk.isPending}
        busyLabel="Publishing..."
        onClick={() => {
          if (!window.confirm(`Publish all ${plural}? Visitors see them at once.`)) return;
          bulk.mutate(
            { ids: drafts.data!.matchingIds, action: "publish" },
            {
              onSuccess: ({ count }) =>
                toast({ title: `${count} episode${count === 1 ? "" : "s"} published`, description: "Visitors see them at once" }),
              onError: (error) => toastError(`Nothing was published: ${error.message}`),
            },
          );
        }}
      >
        Publish all {total}
      </BusyButton>
    </div>
  );
}
