import { useQuery } from "@tanstack/react-query";
import { AdminCard } from "@/components/admin/ui/admin-card";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale } from "@/lib/i18n";
import { deletedFeedEpisodesQueryOptions, describeSync } from "../api";
import { useRestoreDeleted } from "./mutations";

/**
 * The feed episodes the owner deleted, which syncs leave out (docs/product.md "The owner's
 * work"); each can be brought back. Nothing shows while there are none.
 */
export function DeletedFeedEpisodes() {
  const t = useAdminT();
  const locale = useLocale();
  const deleted = useQuery(deletedFeedEpisodesQueryOptions());
  const restore = useRestoreDeleted();
  const list = deleted.data ?? [];
  if (list.length === 0) return null;
  return (
    <AdminCard id="deleted-feed-episodes" title={t("deletedFeed.title")}>
      <p className="mt-2 text-sm">{t("deletedFeed.intro")}</p>
      <ul className="mt-4 space-y-2" aria-label={t("deletedFeed.listLabel")}>
        {list.map((episode) => (
          <li
            key={episode.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3"
            aria-label={episode.title}
          >
            <div className="min-w-0 flex-1 basis-48">
              <p dir="auto" className="font-semibold wrap-anywhere">
                {episode.title}
              </p>
              <p className="text-sm">{t("deletedFeed.deletedOn", { date: localDate(episode.deletedAt, false, locale) })}</p>
            </div>
            <button
              type="button"
              className="icon-btn px-3"
              aria-label={t("deletedFeed.restoreItem", { title: episode.title })}
              disabled={restore.isPending}
              onClick={() =>
                restore.mutate(episode.id, {
                  onSuccess: ({ sync, message }) =>
                    toast({
                      title: t("deletedFeed.restored"),
                      description: sync ? describeSync(sync, t, locale) : (message ?? t("deletedFeed.restoredLater")),
                    }),
                  onError: (error) => toastError(t("deletedFeed.restoreFailed", { error: error.message })),
                })
              }
            >
              {t("deletedFeed.restore")}
            </button>
          </li>
        ))}
      </ul>
    </AdminCard>
  );
}
