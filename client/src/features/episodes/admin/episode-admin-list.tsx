import { useQuery } from "@tanstack/react-query";
import { useState, type Dispatch, type SetStateAction } from "react";
import { useDebounce } from "use-debounce";
import { Link } from "wouter";
import { href } from "@shared/routes";
import type { AdminEpisodePage, AdminEpisodeQuery, Episode, EpisodeBulkInput } from "@shared/api";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { RowActions, useRowActions } from "@/features/ordered-lists/admin/row-actions";
import { toast, toastError } from "@/components/ui/toast-store";
import { countText } from "@shared/strings";
import { localDate } from "@/lib/dates";
import { adminEpisodesQueryOptions } from "../api";
import { useBulkEpisodes, useEpisodeMutations } from "./mutations";

const ALL = { status: "all", source: "all", season: null } as const;
const DONE: Record<EpisodeBulkInput["action"], string> = { publish: "published", unpublish: "unpublished", delete: "deleted" };

const STATES: Record<AdminEpisodeQuery["status"], string> = { all: "All", draft: "Drafts", published: "Published" };
const SOURCES: Record<AdminEpisodeQuery["source"], string> = { all: "All", feed: "From the feed", manual: "Added here" };

type Filters = Pick<AdminEpisodeQuery, "status" | "source" | "season">;

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

/** The search box and the filters: state, source, and the season when the show has seasons. */
function EpisodeFilters({
  text,
  onSearch,
  filters,
  onFilter,
  seasons,
}: {
  text: string;
  onSearch: (text: string) => void;
  filters: Filters;
  onFilter: (next: Partial<Filters>) => void;
  seasons: number[] | undefined;
}) {
  return (
    <div role="search" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
      <label className="sm:col-span-2">
        <span className="font-semibold">Search episodes</span>
        <input
          type="search"
          className="input mt-1"
          value={text}
          onChange={(event) => onSearch(event.target.value)}
          placeholder="Title or description"
        />
      </label>
      <FilterSelect label="State" value={filters.status} options={STATES} onChange={(status) => onFilter({ status })} />
      <FilterSelect label="Source" value={filters.source} options={SOURCES} onChange={(source) => onFilter({ source })} />
      {seasons && seasons.length > 0 ? (
        <label>
          <span className="font-semibold">Season</span>
          <select
            className="input mt-1"
            value={filters.season ?? ""}
            onChange={(event) => onFilter({ season: event.target.value === "" ? null : Number(event.target.value) })}
          >
            <option value="">All</option>
            {seasons.map((season) => (
              <option key={season} value={season}>
                Season {season}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}

/**
 * Publish, unpublish or delete the selected episodes in one request: a delete is confirmed first,
 * the outcome is one toast, and the selection is emptied once it is done.
 */
function useBulkAction(selected: ReadonlySet<number>, clearSelection: () => void) {
  const bulk = useBulkEpisodes();
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
          clearSelection();
        },
        onError: (error) => toastError(`Nothing was changed: ${error.message}`),
      },
    );
  };
  return { act, isPending: bulk.isPending };
}

/**
 * What is selected and what to do with it: the whole page, or every episode the filters match;
 * then publish, unpublish or delete them, or clear the selection.
 */
function SelectionBar({
  selected,
  setSelected,
  pageIds,
  data,
  isFiltered,
  bulk,
}: {
  selected: ReadonlySet<number>;
  setSelected: Dispatch<SetStateAction<ReadonlySet<number>>>;
  pageIds: number[];
  data: AdminEpisodePage | undefined;
  isFiltered: boolean;
  bulk: ReturnType<typeof useBulkAction>;
}) {
  const wholePageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return (
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
      {data && data.total > pageIds.length && selected.size < data.total ? (
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
          <button type="button" className="btn" disabled={bulk.isPending} onClick={() => bulk.act("publish")}>
            Publish
          </button>
          <button type="button" className="btn btn-ghost" disabled={bulk.isPending} onClick={() => bulk.act("unpublish")}>
            Unpublish
          </button>
          <button type="button" className="btn btn-ghost" disabled={bulk.isPending} onClick={() => bulk.act("delete")}>
            Delete
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set())}>
            Clear selection
          </button>
        </>
      ) : null}
    </div>
  );
}

/** One episode of the list: its box to select it, what it is (order, state, source, date, title, page), and its buttons. */
function EpisodeRow({
  episode,
  list,
  isSelected,
  onSelect,
  onEdit,
  rowActions,
  canMove,
}: {
  episode: Episode;
  list: Episode[];
  isSelected: boolean;
  onSelect: (on: boolean) => void;
  onEdit: (episode: Episode) => void;
  rowActions: ReturnType<typeof useRowActions<Episode>>;
  canMove: boolean;
}) {
  return (
    <li className="rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3" aria-label={episode.title}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0"
          aria-label={`Select: ${episode.title}`}
          checked={isSelected}
          onChange={(event) => onSelect(event.target.checked)}
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
          onMove={canMove ? rowActions.onMove : undefined}
        />
      </div>
    </li>
  );
}

/** The previous and next page of the list, and which page is shown of how many. */
function PageButtons({
  page,
  pageShown,
  pageCount,
  onPage,
}: {
  page: number;
  pageShown: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-2" aria-label="Pages of episodes">
      <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← Previous
      </button>
      <span>
        Page {pageShown} of {pageCount}
      </span>
      <button type="button" className="btn btn-ghost" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}

/**
 * docs/product.md §2 "Episodes" list, for a show with thousands of them (docs/product.md "The
 * owner's work"): searched by title and description (accents and case ignored), filtered by
 * state, source and season, 50 a page; rows are selected one by one, a page at a time, or every
 * one the filters match, then published, unpublished or deleted in one action, one confirmation
 * and one toast. Moving a row is offered while nothing is filtered (a move swaps it with its
 * neighbour in the whole list).
 */
export function EpisodeAdminList({ onEdit }: { onEdit: (episode: Episode) => void }) {
  const [text, setText] = useState("");
  const [q] = useDebounce(text.trim(), 250);
  const [filters, setFilters] = useState<Filters>(ALL);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const query: AdminEpisodeQuery = { q, ...filters, page };
  const result = useQuery(adminEpisodesQueryOptions(query));
  const data = result.data;
  const list = data?.episodes ?? [];
  const isFiltered = q !== "" || filters.status !== "all" || filters.source !== "all" || filters.season !== null;
  const bulk = useBulkAction(selected, () => setSelected(new Set()));

  const rowActions = useRowActions({
    noun: "episode",
    list,
    mutations: useEpisodeMutations(),
    deleted: { title: "Episode deleted", description: "The episode has been deleted successfully" },
    confirm: "Are you sure you want to delete this episode?",
  });

  // A new search or filter starts again from page 1, with nothing selected.
  const search = (next: string) => {
    setText(next);
    setPage(1);
    setSelected(new Set());
  };
  const filter = (next: Partial<Filters>) => {
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

  return (
    <AdminCard
      id="episode-list"
      title={
        <>
          Episodes <span className="font-normal">({data?.total ?? 0})</span>
        </>
      }
    >
      <EpisodeFilters text={text} onSearch={search} filters={filters} onFilter={filter} seasons={data?.seasons} />
      <SelectionBar
        selected={selected}
        setSelected={setSelected}
        pageIds={list.map((e) => e.id)}
        data={data}
        isFiltered={isFiltered}
        bulk={bulk}
      />
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
            <EpisodeRow
              key={episode.id}
              episode={episode}
              list={list}
              isSelected={selected.has(episode.id)}
              onSelect={(on) => toggle(episode.id, on)}
              onEdit={onEdit}
              rowActions={rowActions}
              canMove={!isFiltered}
            />
          ))}
        </ol>
        {data && data.pageCount > 1 ? <PageButtons page={page} pageShown={data.page} pageCount={data.pageCount} onPage={setPage} /> : null}
      </ListStates>
    </AdminCard>
  );
}
