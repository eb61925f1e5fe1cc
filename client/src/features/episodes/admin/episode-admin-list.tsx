import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useDebounce } from "use-debounce";
import { Link } from "wouter";
import { href } from "@shared/routes";
import type { AdminEpisodeQuery, Episode, EpisodeBulkInput } from "@shared/api";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { RowActions, useRowActions } from "@/features/ordered-lists/admin/row-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { countText } from "@shared/strings";
import { localDate } from "@/lib/dates";
import { adminEpisodesQueryOptions } from "../api";
import { useBulkEpisodes, useEpisodeMutations } from "./mutations";

const ALL = { status: "all", source: "all", season: null } as const;
const DONE: Record<EpisodeBulkInput["action"], string> = { publish: "published", unpublish: "unpublished", delete: "deleted" };

/**
 * docs/product.md §2 "Episodes" list, for a show with thousands of them (docs/product.md "The
 * owner's work"): searched by title and description (accents and case ignored), filtered by
 * state, source and season, 50 a page; rows are selected one by one, a page at a time, or every
 * one the filters match, then published, unpublished or deleted in one action, one confirmation
 * and one toast. Moving a row is offered while nothing is filtered (a move swaps it with its
 * neighbour in the whole list).
 */
const STATES: Record<AdminEpisodeQuery["status"], string> = { all: "All", draft: "Drafts", published: "Published" };
const SOURCES: Record<AdminEpisodeQuery["source"], string> = { all: "All", feed: "From the feed", manual: "Added here" };

/** One of the list's filters: a choice among fixed options (value: text). */
function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Record<T, string>;
  onChange: (value: T) => void;
}) {
  return (
    <label>
      <span className="font-semibold">{label}</span>
      <select className="input mt-1" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {Object.entries<string>(options).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function EpisodeAdminList({ onEdit }: { onEdit: (episode: Episode) => void }) {
  const [text, setText] = useState("");
  const [q] = useDebounce(text.trim(), 250);
  const [filters, setFilters] = useState<Pick<AdminEpisodeQuery, "status" | "source" | "season">>(ALL);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const query: AdminEpisodeQuery = { q, ...filters, page };
  const result = useQuery(adminEpisodesQueryOptions(query));
  const data = result.data;
  const list = data?.episodes ?? [];
  const isFiltered = q !== "" || filters.status !== "all" || filters.source !== "all" || filters.season !== null;
  const bulk = useBulkEpisodes();

  const rowActions = useRowActions({
    noun: "episode",
    list,
    mutations: useEpisodeMutations(),
    deleted: { title: "Episode deleted", description: "The episode has been deleted successfully" },
    confirm: "Are you sure you want to delete this episode?",
  });

  const filter = (next: Partial<typeof filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const pageIds = list.map((e) => e.id);
  const wholePageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const act = (action: EpisodeBulkInput["action"]) => {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (
      action === "delete" &&
      !window.confirm(
        `Delete ${countText(ids.length, "episode")}? Episodes from the feed stay deleted: later syncs do not bring them back, unless you restore them under 'Deleted feed episodes'.`,
      )
    )
      return;
    bulk.mutate(
      { ids, action },
      {
        onSuccess: ({ count }) => {
          toast({
            title: `${countText(count, "episode")} ${DONE[action]}`,
            description: action === "delete" ? "They are gone from the site" : "Visitors see the change at once",
          });
          setSelected(new Set());
        },
        onError: (error) => toastError(`Nothing was changed: ${error.message}`),
      },
    );
  };

  return (
    <AdminCard
      id="episode-list"
      title={
        <>
          Episodes <span className="font-normal">({data?.total ?? 0})</span>
        </>
      }
    >
      <div role="search" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <label className="sm:col-span-2">
          <span className="font-semibold">Search episodes</span>
          <input
            type="search"
            className="input mt-1"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setPage(1);
              setSelected(new Set());
            }}
            placeholder="Title or description"
          />
        </label>
        <FilterSelect label="State" value={filters.status} options={STATES} onChange={(status) => filter({ status })} />
        <FilterSelect label="Source" value={filters.source} options={SOURCES} onChange={(source) => filter({ source })} />
        {data && data.seasons.length > 0 ? (
          <label>
            <span className="font-semibold">Season</span>
            <select
              className="input mt-1"
              value={filters.season ?? ""}
              onChange={(event) => filter({ season: event.target.value === "" ? null : Number(event.target.value) })}
            >
              <option value="">All</option>
              {data.seasons.map((season) => (
                <option key={season} value={season}>
                  Season {season}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>

      <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label="Selected episodes">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={wholePageSelected}
            disabled={pageIds.length === 0}
            onChange={(event) =>
              setSelected(
                (current) => new Set(event.target.checked ? [...current, ...pageIds] : [...current].filter((id) => !pageIds.includes(id))),
              )
            }
          />
          <span>This page</span>
        </label>
        {data && data.total > list.length && selected.size < data.total ? (
          <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set(data.matchingIds))}>
            Select all {data.total}
            {isFiltered ? " that match" : ""}
          </button>
        ) : null}
        <span role="status" className="text-sm font-semibold">
          {selected.size > 0 ? `${countText(selected.size, "episode")} selected` : ""}
        </span>
        {selected.size > 0 ? (
          <>
            <button type="button" className="btn" disabled={bulk.isPending} onClick={() => act("publish")}>
              Publish
            </button>
            <button type="button" className="btn btn-ghost" disabled={bulk.isPending} onClick={() => act("unpublish")}>
              Unpublish
            </button>
            <button type="button" className="btn btn-ghost" disabled={bulk.isPending} onClick={() => act("delete")}>
              Delete
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set())}>
              Clear selection
            </button>
          </>
        ) : null}
      </div>

      <ListStates
        isPending={result.isPending}
        isEmpty={list.length === 0}
        loading="Loading episodes..."
        empty={
          isFiltered ? (
            <p className="font-semibold">No episode matches.</p>
          ) : (
            <>
              <p className="font-semibold">No episodes found.</p>
              <p>Add your first episode using the form, or sync the show's feed from the dashboard.</p>
            </>
          )
        }
      >
        <ol className="mt-4 space-y-3" aria-label="Episodes">
          {list.map((episode) => (
            <li key={episode.id} className="rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3" aria-label={episode.title}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <input
                  type="checkbox"
                  className="mt-1 h-5 w-5 shrink-0"
                  aria-label={`Select: ${episode.title}`}
                  checked={selected.has(episode.id)}
                  onChange={(event) => toggle(episode.id, event.target.checked)}
                />
                <div className="min-w-0 flex-1 basis-56">
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
                <RowActions
                  item={episode}
                  ordered={list}
                  label={episode.title}
                  onEdit={onEdit}
                  {...rowActions}
                  onMove={isFiltered ? undefined : rowActions.onMove}
                />
              </div>
            </li>
          ))}
        </ol>
        {data && data.pageCount > 1 ? (
          <nav className="mt-4 flex flex-wrap items-center justify-between gap-2" aria-label="Pages of episodes">
            <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              ← Previous
            </button>
            <span>
              Page {data.page} of {data.pageCount}
            </span>
            <button type="button" className="btn btn-ghost" disabled={page >= data.pageCount} onClick={() => setPage(page + 1)}>
              Next →
            </button>
          </nav>
        ) : null}
      </ListStates>
    </AdminCard>
  );
}
