import { Trans } from "@lingui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useDebounce } from "use-debounce";
import { Link, useLocation } from "wouter";
import type { ArchiveEpisode, EpisodeArchivePage } from "@shared/api";
import { MATCH_END, MATCH_START } from "@shared/archive";
import { href, ROUTES } from "@shared/routes";
import { formatClock } from "@shared/time";
import { BackLink } from "@/components/back-link";
import { usePageTitle } from "@/hooks/use-page-title";
import { useTypedBeforeHydration } from "@/hooks/use-typed-before-hydration";
import { useT } from "@/lib/i18n";
import { trackSearch } from "@/lib/track";
import { archiveQueryOptions } from "../api";
import { EpisodeMeta } from "./episode-meta";

/** How long typing pauses before the search runs: a word typed at speed is one search, not one per key. */
const SEARCH_DELAY_MS = 250;

/** A search's title or snippet with the matched words in <mark>, built as text: nothing is parsed as HTML. */
function Marked({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  for (const [i, chunk] of text.split(MATCH_START).entries()) {
    const [matched, rest] = i === 0 ? [null, chunk] : chunk.split(MATCH_END);
    if (matched !== null && matched !== undefined) parts.push(<mark key={`m${i}`}>{matched}</mark>);
    if (rest) parts.push(rest);
  }
  return <>{parts}</>;
}

function ArchiveItem({ episode }: { episode: ArchiveEpisode }) {
  return (
    <li className="card p-4" aria-label={episode.title}>
      <h2 dir="auto" className="text-xl font-bold leading-snug wrap-anywhere">
        <Link href={href.episode(episode.slug)}>{episode.match ? <Marked text={episode.match.title} /> : episode.title}</Link>
      </h2>
      <EpisodeMeta episode={episode} className="mt-1 text-sm" />
      {episode.match?.snippet ? (
        <p dir="auto" className="mt-2 wrap-anywhere">
          <Marked text={episode.match.snippet} />
          {episode.match.at !== null ? (
            <>
              {" "}
              {/* Where the words are heard: the episode's page plays from there (?t=). */}
              <Link href={href.episode(episode.slug, episode.match.at)} className="whitespace-nowrap font-semibold underline">
                {/* The title as an element: the owner's words are never read as the message's tags. */}
                <Trans
                  id="archive.jumpTo"
                  values={{ time: formatClock(episode.match.at), title: <>{episode.title}</> }}
                  components={{ 0: <span className="sr-only" /> }}
                />
              </Link>
            </>
          ) : null}
        </p>
      ) : episode.description ? (
        <p dir="auto" className="mt-2 line-clamp-3 wrap-anywhere">
          {episode.description}
        </p>
      ) : null}
    </li>
  );
}

/** The archive narrowed to a season, or all of it: links, so they work without JavaScript too. */
function SeasonLinks({ seasons, season }: { seasons: number[]; season: number | null }) {
  const t = useT();
  const link = (to: number | null, label: string) => (
    <li key={label}>
      <Link
        href={href.archive({ season: to })}
        aria-current={season === to ? "page" : undefined}
        className="btn btn-ghost !px-3 aria-[current=page]:bg-fg/20"
      >
        {label}
      </Link>
    </li>
  );
  return (
    <nav aria-label={t("archive.seasons")} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {link(null, t("archive.allSeasons"))}
        {seasons.map((s) => link(s, t("episode.season", { season: s })))}
      </ul>
    </nav>
  );
}

/**
 * The archive's search box: what is typed is searched once the typing settles (the address
 * follows, replaced, page 1 again), and a `q` that comes from elsewhere (Back, a link) is taken
 * into the box.
 */
function useArchiveSearch(q: string, season: number | null) {
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState(q);
  const [typed] = useDebounce(draft.trim(), SEARCH_DELAY_MS);
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, draft, setDraft);
  // The words this box last put in the address: another `q` came from elsewhere (Back, a link),
  // and the box takes it (which also drops any typing still waiting to be searched).
  const written = useRef(q);
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setDraft(q);
  }, [q]);
  const search = (words: string) => {
    if (words === written.current) return;
    written.current = words;
    navigate(href.archive({ q: words, season }), { replace: true });
  };
  useEffect(() => {
    search(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the typing settles
  }, [typed]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    search(draft.trim());
  };
  return { draft, setDraft, box, onSearch };
}

/** The links to the page before and after the one shown, and which page it is of how many. */
function PageLinks({ page, pageCount, q, season }: { page: number; pageCount: number; q: string; season: number | null }) {
  const t = useT();
  return (
    <nav aria-label={t("archive.pages")} className="mt-8 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link href={href.archive({ page: page - 1, q, season })} className="btn btn-ghost" rel="prev">
          {t("archive.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span>{t("archive.pageOf", { page, pageCount })}</span>
      {page < pageCount ? (
        <Link href={href.archive({ page: page + 1, q, season })} className="btn btn-ghost" rel="next">
          {t("archive.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Which page, search and season the results on screen are for. */
interface Shown {
  page: number;
  q: string;
  season: number | null;
}

/**
 * The episodes of the page shown, how many there are in all, and the links between the pages;
 * while the next answer loads, the results shown stay, marked busy.
 */
function ArchiveResults({
  data,
  isPending,
  isPlaceholderData,
  shown,
}: {
  data: EpisodeArchivePage | undefined;
  isPending: boolean;
  isPlaceholderData: boolean;
  shown: Shown;
}) {
  const t = useT();
  if (isPending)
    return (
      <p className="mt-6" role="status">
        {t("episodes.loading")}
      </p>
    );
  if (!data) return <p className="mt-6">{t("archive.loadFailed")}</p>;
  return (
    <div aria-busy={isPlaceholderData}>
      <p className="mt-6" role="status">
        {shown.q ? t("archive.matchCount", { count: data.total, query: shown.q }) : t("episodes.count", { count: data.total })}
      </p>
      {data.episodes.length > 0 ? (
        <ol className="mt-4 space-y-4" aria-label={shown.q ? t("archive.matchingList") : t("archive.list")}>
          {data.episodes.map((episode) => (
            <ArchiveItem key={episode.id} episode={episode} />
          ))}
        </ol>
      ) : null}
      {data.pageCount > 1 ? <PageLinks page={shown.page} pageCount={data.pageCount} q={shown.q} season={shown.season} /> : null}
    </div>
  );
}

/**
 * /archive (docs/product.md "The show's feed and episode pages"): every published episode, newest
 * first, 20 a page, with real links between pages and a search form that works as a plain GET
 * without JavaScript. With it, the results follow the words as they are typed: the address
 * follows too (replaced, not one history entry per key; page 1 again), the results shown stay
 * until the next ones arrive, and the box is never re-made, so focus and caret stay where they were.
 */
export function ArchiveView({ page, q, season }: { page: number; q: string; season: number | null }) {
  const { data, isPending, isPlaceholderData } = useQuery({
    ...archiveQueryOptions({ page, q, season }),
    placeholderData: keepPreviousData,
  });
  const { draft, setDraft, box, onSearch } = useArchiveSearch(q, season);
  const t = useT();
  // The tab's title as the server writes it in the page's head (server/modules/pages/page-head.ts).
  const list = season !== null ? t("episode.season", { season }) : t(ROUTES.archive.label);
  usePageTitle(q ? t("archive.tabSearch", { query: q }) : page > 1 ? t("archive.tabListPage", { list, page }) : list);
  // A search's answer, for the owner's analytics (which searches find nothing tells what to publish).
  const answered = data && !isPlaceholderData && data.query ? { value: data.query, results: data.total } : null;
  useEffect(() => {
    if (answered) trackSearch({ type: "search", ...answered });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answered?.value, answered?.results]);
  // What the results on screen are for: the last answer, until the next one arrives.
  const shown: Shown = data ? { page: data.page, q: data.query, season: data.season } : { page, q, season };
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <BackLink />
      <h1 className="mt-4 text-3xl font-bold">{q ? t("archive.searchResults") : list}</h1>
      {data && data.seasons.length > 0 ? <SeasonLinks seasons={data.seasons} season={season} /> : null}
      <form role="search" action={ROUTES.archive.path} method="get" onSubmit={onSearch} className="mt-4 flex flex-wrap gap-2">
        {season !== null ? <input type="hidden" name="season" value={season} /> : null}
        <label htmlFor="archive-search" className="sr-only">
          {t("archive.searchLabel")}
        </label>
        <input
          ref={box}
          id="archive-search"
          type="search"
          name="q"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={200}
          placeholder={t("archive.searchPlaceholder")}
          className="min-h-11 min-w-0 flex-1 rounded-lg border-2 border-fg/60 bg-white px-3 text-ink"
          dir="auto"
        />
        <button type="submit" className="btn">
          {t("archive.searchButton")}
        </button>
      </form>
      <ArchiveResults data={data} isPending={isPending} isPlaceholderData={isPlaceholderData} shown={shown} />
    </main>
  );
}
