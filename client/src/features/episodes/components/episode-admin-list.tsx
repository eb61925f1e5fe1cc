import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { href } from "@shared/routes";
import type { Episode } from "@shared/api";
import { AdminCard, ListStates } from "@/components/ui/admin-card";
import { RowActions, useRowActions } from "@/components/ui/row-actions";
import { localDate } from "@/lib/dates";
import { orderedEpisodesQueryOptions, useEpisodeMutations } from "../api";

/** docs/product.md §2 "Episodes" list: order, Draft and feed badges, date, title, description, move, edit, delete. */
export function EpisodeAdminList({ onEdit }: { onEdit: (episode: Episode) => void }) {
  const episodes = useQuery(orderedEpisodesQueryOptions());
  const list = episodes.data ?? [];

  const rowActions = useRowActions({
    noun: "episode",
    list,
    mutations: useEpisodeMutations(),
    deleted: { title: "Episode deleted", description: "The episode has been deleted successfully" },
    confirm: "Are you sure you want to delete this episode?",
  });

  return (
    <AdminCard
      id="episode-list"
      title={
        <>
          Episodes <span className="font-normal">({list.length})</span>
        </>
      }
    >
      <ListStates
        isPending={episodes.isPending}
        isEmpty={list.length === 0}
        loading="Loading episodes..."
        empty={
          <>
            <p className="font-semibold">No episodes found.</p>
            <p>Add your first episode using the form on the left.</p>
          </>
        }
      >
        <ol className="mt-4 max-h-96 space-y-3 overflow-y-auto pr-1" aria-label="Episodes" tabIndex={0}>
          {list.map((episode) => (
            <li key={episode.id} className="rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3" aria-label={episode.title}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1 basis-64">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span>#{episode.sortOrder}</span>
                    {episode.isPublished ? null : <span className="badge">Draft</span>}
                    {episode.source === "feed" ? <span className="badge badge-feed">From feed</span> : null}
                    {episode.publishedAt ? <span>{localDate(episode.publishedAt)}</span> : null}
                  </p>
                  <p dir="auto" className="font-semibold wrap-anywhere">
                    {episode.title}
                  </p>
                  {episode.isPublished ? (
                    <Link href={href.episode(episode.slug)} className="text-sm underline">
                      View page<span className="sr-only">: {episode.title}</span>
                    </Link>
                  ) : null}
                  {episode.description ? (
                    <p dir="auto" className="line-clamp-2 text-sm wrap-anywhere">
                      {episode.description}
                    </p>
                  ) : null}
                </div>
                <RowActions item={episode} ordered={list} label={episode.title} onEdit={onEdit} {...rowActions} />
              </div>
            </li>
          ))}
        </ol>
      </ListStates>
    </AdminCard>
  );
}
