import { useQuery } from "@tanstack/react-query";
import { ActionNotice } from "@/components/ui/form-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { useAdminT } from "@/lib/i18n";
import { adminEpisodesQueryOptions } from "../api";
import { useBulkEpisodes } from "./mutations";

const DRAFTS = { q: "", status: "draft", source: "all", season: null, page: 1 } as const;

/**
 * How many episodes wait as drafts (after a first import that kept them so, say), with one
 * button that publishes them all; nothing while there are none.
 */
export function DraftEpisodesNotice() {
  const t = useAdminT();
  const drafts = useQuery(adminEpisodesQueryOptions(DRAFTS));
  const bulk = useBulkEpisodes();
  const total = drafts.data?.total ?? 0;
  if (total === 0) return null;
  return (
    <ActionNotice
      label={t("draftEpisodes.label")}
      className="mt-4"
      button={{
        text: t("draftEpisodes.publishAll", { total }),
        busyLabel: t("draftEpisodes.publishing"),
        confirm: t("draftEpisodes.confirm", { count: total }),
        isPending: bulk.isPending,
        action: () =>
          bulk.mutate(
            { ids: drafts.data!.matchingIds, action: "publish" },
            {
              onSuccess: ({ count }) =>
                toast({ title: t("draftEpisodes.published", { count }), description: t("draftEpisodes.publishedDescription") }),
              onError: (error) => toastError(t("draftEpisodes.publishFailed", { error: error.message })),
            },
          ),
      }}
    >
      <p className="font-semibold">{t("draftEpisodes.count", { count: total })}</p>
    </ActionNotice>
  );
}
