import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import type { ArchiveEpisode } from "@shared/api";
import { MATCH_END, MATCH_START } from "@shared/archive";
import { href, ROUTES } from "@shared/routes";
import { BackLink } from "@/components/back-link";
import { usePageTitle } from "@/hooks/use-page-title";
import { archiveQueryOptions } from "../api";
import { EpisodeMeta } from "./episode-meta";

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
        </p>
      ) : episode.description ? (
        <p dir="auto" className="mt-2 line-clamp-3 wrap-anywhere">
          {episode.description}
        </p>
      ) : null}
    </li>
  );
}

/**
 * /archive (docs/product.md "The show's feed and episode pages"): every published episode, newest
 * first, 20 a page, with real links between pages and a search form that works as a plain GET
 * without JavaScript; with it, the search and the pages change without reloading.
 */
export function ArchiveView({ page, q }: { page: number; q: string }) {
  const { data, isPending } = useQuery(archiveQueryOptions({ page, q }));
  const [, navigate] = useLocation();
  const [draft, setDraft] = useState(q);
  usePageTitle(q ? `Search: ${q}` : page > 1 ? `All episodes, page ${page}` : ROUTES.archive.label);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    navigate(href.archive({ q: draft.trim() }));
  };
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <BackLink />
      <h1 className="mt-4 text-3xl font-bold">{q ? "Search results" : "All episodes"}</h1>
      <form role="search" action={ROUTES.archive.path} method="get" onSubmit={onSearch} className="mt-4 flex flex-wrap gap-2">
        <label htmlFor="archive-search" className="sr-only">
          Search episodes
        </label>
        <input
          id="archive-search"
          type="search"
          name="q"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={200}
          placeholder="Search titles, notes and transcripts"
          className="min-h-11 min-w-0 flex-1 rounded-lg border-2 border-fg/60 bg-white px-3 text-ink"
          dir="auto"
        />
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      {isPending ? (
        <p className="mt-6" role="status">
          Loading episodes...
        </p>
      ) : !data ? (
        <p className="mt-6">The episodes could not be loaded.</p>
      ) : (
        <>
          <p className="mt-6" role="status">
            {q ? `${data.total} ${data.total === 1 ? "episode matches" : "episodes match"} “${q}”` : `${data.total} ${data.total === 1 ? "episode" : "episodes"}`}
          </p>
          {data.episodes.length > 0 ? (
            <ol className="mt-4 space-y-4" aria-label={q ? "Matching episodes" : "Episodes"}>
              {data.episodes.map((episode) => (
                <ArchiveItem key={episode.id} episode={episode} />
              ))}
            </ol>
          ) : null}
          {data.pageCount > 1 ? (
            <nav aria-label="Pages" className="mt-8 flex items-center justify-between gap-3">
              {page > 1 ? (
                <Link href={href.archive({ page: page - 1, q })} className="btn btn-ghost" rel="prev">
                  ← Previous
                </Link>
              ) : (
                <span />
              )}
              <span>
                Page {page} of {data.pageCount}
              </span>
              {page < data.pageCount ? (
                <Link href={href.archive({ page: page + 1, q })} className="btn btn-ghost" rel="next">
                  Next →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </main>
  );
}
