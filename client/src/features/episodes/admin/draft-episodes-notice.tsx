import { useQuery } from "@tanstack/react-query";
import { ActionNotice } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { countText } from "@shared/strings";
import { adminEpisodesQueryOptions } from "../api";
import { useBulkEpisodes } from "./mutations";

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
  return (
    <ActionNotice
      label="Draft episodes"
      className="mt-4"
      button={{
        text: `Publish all ${total}`,
        busyLabel: "Publishing...",
        confirm: `Publish all ${countText(total, "episode")}? Visitors see them at once.`,
        isPending: bulk.isPending,
        action: () =>
          bulk.mutate(
            { ids: drafts.data!.matchingIds, action: "publish" },
            {
              onSuccess: ({ count }) =>
                toast({ title: `${countText(count, "episode")} published`, description: "Visitors see them at once" }),
              onError: (error) => toastError(`Nothing was published: ${error.message}`),
            },
          ),
      }}
    >
      <p className="font-semibold">
        {countText(total, "episode")} {total === 1 ? "is a draft" : "are drafts"}: visitors do not see {total === 1 ? "it" : "them"} yet.
      </p>
    </ActionNotice>
  );
}
