import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { orderedEpisodesQueryOptions } from "../api";
import { ROUTES } from "@shared/routes";

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

/** docs/product.md §2 "Episodes Management": count, rows with order and creation date, edit links. */
export function EpisodesSummaryCard() {
  const episodes = useQuery(orderedEpisodesQueryOptions());
  const list = episodes.data ?? [];
  return (
    <section className="card flex flex-col p-6" aria-labelledby="episodes-summary-heading">
      <h2 id="episodes-summary-heading" className="text-xl font-bold">
        Episodes Management
      </h2>
      {episodes.isPending ? (
        <p className="mt-4" role="status">
          Loading...
        </p>
      ) : (
        <>
          <p className="mt-2">Current Episodes: {list.length}</p>
          {list.length === 0 ? (
            <p className="mt-4">No episodes found</p>
          ) : (
            <ul className="mt-4 max-h-96 space-y-2 overflow-y-auto pr-1" aria-label="Episodes" tabIndex={0}>
              {list.map((episode) => (
                <li key={episode.id} className="flex items-center justify-between gap-3 rounded-lg border border-[rgb(var(--fg-rgb)/0.25)] p-3">
                  <div className="min-w-0 flex-1">
                    <p dir="auto" className="truncate font-semibold" title={episode.title}>
                      {episode.title}
                    </p>
                    <p className="text-sm">
                      Order: {episode.sortOrder} | {formatDate(episode.createdAt)}
                    </p>
                  </div>
                  <Link href={ROUTES.adminEpisodes.path} className="icon-btn px-3" aria-label={`Edit ${episode.title}`}>
                    Edit
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
