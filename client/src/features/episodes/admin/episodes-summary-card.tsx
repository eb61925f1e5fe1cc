import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { ROUTES } from "@shared/routes";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale } from "@/lib/i18n";
import { adminEpisodesQueryOptions } from "../api";

/** The episodes screen's address with one episode's edit open. */
const editEpisodeHref = (slug: string) => `${ROUTES.adminEpisodes.path}?${new URLSearchParams({ edit: slug }).toString()}`;

/**
 * docs/product.md §2 "Episodes Management": the count, the first rows with order and the
 * episode's own date (when the show published it, as the episodes screen shows it; never the day
 * it was imported), each with an Edit link that opens that episode's edit on the episodes screen.
 */
export function EpisodesSummaryCard() {
  const t = useAdminT();
  const locale = useLocale();
  const episodes = useQuery(adminEpisodesQueryOptions({ q: "", status: "all", source: "all", season: null, page: 1 }));
  const list = episodes.data?.episodes ?? [];
  const total = episodes.data?.total ?? 0;
  return (
    <AdminCard id="episodes-summary" title={t("episodesSummary.title")} className="flex flex-col">
      {episodes.isPending ? null : <p className="mt-2">{t("episodesSummary.current", { total })}</p>}
      <ListStates isPending={episodes.isPending} isEmpty={list.length === 0} empty={<p>{t("episodesSummary.empty")}</p>}>
        <ul className="mt-4 max-h-96 space-y-2 overflow-y-auto pe-1" aria-label={t("episodesSummary.listLabel")} tabIndex={0}>
          {list.map((episode) => (
            <li key={episode.id} className="flex items-center justify-between gap-3 rounded-lg border border-[rgb(var(--fg-rgb)/0.25)] p-3">
              <div className="min-w-0 flex-1">
                <p dir="auto" className="truncate font-semibold" title={episode.title}>
                  {episode.title}
                </p>
                <p className="text-sm">
                  {t("episodesSummary.orderAndDate", {
                    order: episode.sortOrder,
                    date: episode.publishedAt ? localDate(episode.publishedAt, false, locale) : t("episodesSummary.noDate"),
                  })}
                </p>
              </div>
              <Link
                href={editEpisodeHref(episode.slug)}
                className="icon-btn px-3"
                aria-label={t("episodesSummary.editItem", { title: episode.title })}
              >
                {t("episodesSummary.edit")}
              </Link>
            </li>
          ))}
        </ul>
        {total > list.length ? (
          <Link href={ROUTES.adminEpisodes.path} className="mt-3 inline-block underline">
            {t("episodesSummary.all", { total })}
          </Link>
        ) : null}
      </ListStates>
    </AdminCard>
  );
}
