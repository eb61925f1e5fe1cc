import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useState, type Dispatch, type SetStateAction } from "react";
import { useDebounce } from "use-debounce";
import { Link } from "wouter";
import { href } from "@shared/routes";
import type { AdminEpisodePage, AdminEpisodeQuery, Episode, EpisodeBulkInput } from "@shared/api";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { RowActions, useRowActions } from "@/features/ordered-lists/admin/row-actions";
import { EditedBy } from "@/features/ordered-lists/admin/ordered-admin-list";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale, type AdminKey } from "@/lib/i18n";
import { adminEpisodesQueryOptions } from "../api";
import { useBulkEpisodes, useEpisodeMutations } from "./mutations";

const ALL = { status: "all", source: "all", season: null } as const;
/** The toast's title once an action is done: how many episodes it changed. */
const DONE: Record<EpisodeBulkInput["action"], AdminKey> = {
  publish: "episodeList.bulkPublished",
  unpublish: "episodeList.bulkUnpublished",
  delete: "episodeList.bulkDeleted",
};

const STATES: Record<AdminEpisodeQuery["status"], AdminKey> = {
  all: "episodeList.stateAll",
  draft: "episodeList.stateDrafts",
  published: "episodeList.statePublished",
};
const SOURCES: Record<AdminEpisodeQuery["source"], AdminKey> = {
  all: "episodeList.sourceAll",
  feed: "episodeList.sourceFeed",
  manual: "episodeList.sourceManual",
};

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
  options: Record<T, AdminKey>;
  onChange: (value: T) => void;
}) {
  const t = useAdminT();
  return (
    <label>
      <span className="font-semibold">{label}</span>
      <select className="input mt-1" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {Object.entries<AdminKey>(options).map(([option, text]) => (
          <option key={option} value={option}>
            {t(text)}
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
  const t = useAdminT();
  return (
    <div role="search" className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
      <label className="sm:col-span-2">
        <span className="font-semibold">{t("episodeList.search")}</span>
        <input
          type="search"
          className="input mt-1"
          value={text}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={t("episodeList.searchPlaceholder")}
        />
      </label>
      <FilterSelect label={t("episodeList.state")} value={filters.status} options={STATES} onChange={(status) => onFilter({ status })} />
      <FilterSelect label={t("episodeList.source")} value={filters.source} options={SOURCES} onChange={(source) => onFilter({ source })} />
      {seasons && seasons.length > 0 ? (
        <label>
          <span className="font-semibold">{t("episodeList.season")}</span>
          <select
            className="input mt-1"
            value={filters.season ?? ""}
            onChange={(event) => onFilter({ season: event.target.value === "" ? null : Number(event.target.value) })}
          >
            <option value="">{t("episodeList.seasonAll")}</option>
            {seasons.map((season) => (
              <option key={season} value={season}>
                {t("episodeList.seasonNumber", { season })}
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
  const t = useAdminT();
  const bulk = useBulkEpisodes();
  const act = (action: EpisodeBulkInput["action"]) => {
    const ids = [...selected];
    if (ids.length === 0) return;
    if (action === "delete" && !window.confirm(t("episodeList.confirmBulkDelete", { count: ids.length }))) return;
    bulk.mutate(
      { ids, action },
      {
        onSuccess: ({ count }) => {
          toast({
            title: t(DONE[action], { count }),
            description: action === "delete" ? t("episodeList.bulkDeletedDescription") : t("episodeList.bulkChangedDescription"),
          });
          clearSelection();
        },
        onError: (error) => toastError(t("episodeList.bulkFailed", { error: error.message })),
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
  const t = useAdminT();
  const wholePageSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2" role="group" aria-label={t("episodeList.selectedLabel")}>
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
        <span>{t("episodeList.thisPage")}</span>
      </label>
      {data && data.total > pageIds.length && selected.size < data.total ? (
        <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set(data.matchingIds))}>
          {isFiltered ? t("episodeList.selectAllMatching", { total: data.total }) : t("episodeList.selectAll", { total: data.total })}
        </button>
      ) : null}
      <span role="status" className="text-sm font-semibold">
        {selected.size > 0 ? t("episodeList.selectedCount", { count: selected.size }) : ""}
      </span>
      {selected.size > 0 ? (
        <>
          <button type="button" className="btn" disabled={bulk.isPending} onClick={() => bulk.act("publish")}>
            {t("episodeList.publish")}
          </button>
          <button type="button" className="btn btn-ghost" disabled={bulk.isPending} onClick={() => bulk.act("unpublish")}>
            {t("episodeList.unpublish")}
          </button>
          <button type="button" className="btn btn-ghost" disabled={bulk.isPending} onClick={() => bulk.act("delete")}>
            {t("episodeList.delete")}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set())}>
            {t("episodeList.clearSelection")}
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
  const t = useAdminT();
  const locale = useLocale();
  return (
    <li className="rounded-lg border border-[rgb(var(--fg-rgb)/0.3)] p-3" aria-label={episode.title}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <input
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0"
          aria-label={t("episodeList.selectItem", { title: episode.title })}
          checked={isSelected}
          onChange={(event) => onSelect(event.target.checked)}
        />
        <div className="min-w-0 flex-1 basis-56">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span>#{episode.sortOrder}</span>
            {episode.isPublished ? null : <span className="badge">{t("episodeList.draft")}</span>}
            {episode.source === "feed" ? <span className="badge badge-feed">{t("episodeList.fromFeed")}</span> : null}
            {episode.publishedAt ? <span>{localDate(episode.publishedAt, false, locale)}</span> : null}
          </p>
          <p dir="auto" className="font-semibold wrap-anywhere">
            {episode.title}
          </p>
          {episode.isPublished ? (
            <Link href={href.episode(episode.slug)} className="text-sm underline">
              <Trans id="episodeList.viewPage" values={{ title: episode.title }} components={{ 0: <span className="sr-only" /> }} />
            </Link>
          ) : null}
          {episode.description ? (
            <p dir="auto" className="line-clamp-2 text-sm wrap-anywhere">
              {episode.description}
            </p>
          ) : null}
          <EditedBy email={episode.updatedBy} />
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
  const t = useAdminT();
  return (
    <nav className="mt-4 flex flex-wrap items-center justify-between gap-2" aria-label={t("episodeList.pagesLabel")}>
      <button type="button" className="btn btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("episodeList.previous")}
      </button>
      <span>{t("episodeList.pageOf", { page: pageShown, count: pageCount })}</span>
      <button type="button" className="btn btn-ghost" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t("episodeList.next")}
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
  const t = useAdminT();
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
    deleted: { title: t("episodeList.deleted"), description: t("episodeList.deletedDescription") },
    confirm: t("episodeList.confirmDelete"),
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
      title={<Trans id="episodeList.title" values={{ total: data?.total ?? 0 }} components={{ 0: <span className="font-normal" /> }} />}
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
        loading={t("episodeList.loading")}
        empty={
          isFiltered ? (
            <p className="font-semibold">{t("episodeList.noMatch")}</p>
          ) : (
            <>
              <p className="font-semibold">{t("episodeList.empty")}</p>
              <p>{t("episodeList.emptyHint")}</p>
            </>
          )
        }
      >
        <ol className="mt-4 space-y-3" aria-label={t("episodeList.listLabel")}>
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
