import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { Chapter, Episode, TranscriptParagraph } from "@shared/api";
import { href, NOT_FOUND_LABEL } from "@shared/routes";
import { formatClock } from "@shared/time";
import { BackLink } from "@/components/back-link";
import { SpotifyEmbed } from "@/components/embed-facade";
import { useAbsoluteUrl } from "@/lib/page-context";
import { CopyNotice, MobileShareBar, ShareButtons, useCopyLink } from "@/components/share-buttons";
import { TitledSection } from "@/components/titled-section";
import { usePageTitle } from "@/hooks/use-page-title";
import { episodeBySlugQueryOptions } from "../api";
import { EpisodeArtwork, EpisodeMeta } from "./episode-meta";

export interface EpisodeViewProps {
  slug: string;
  /** The site's own player for an episode with audio (the player feature, composed by the page). */
  player: (episode: Episode) => ReactNode;
  /** A chapter or a transcript's time was chosen: play from there. */
  onSeek: (episode: Episode, seconds: number) => void;
}

function EpisodeNotFound() {
  usePageTitle(NOT_FOUND_LABEL);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <div className="card p-8">
        <h1 className="text-2xl font-bold">Episode Not Found</h1>
        <p className="mt-3">The episode you're looking for doesn't exist or has been removed.</p>
        <div className="mt-6 flex justify-center">
          <BackLink />
        </div>
      </div>
    </main>
  );
}

/** A time that plays the episode from there, when it can be played here. */
function TimeButton({ seconds, canPlay, onSeek }: { seconds: number; canPlay: boolean; onSeek: (s: number) => void }) {
  const label = formatClock(seconds);
  if (!canPlay) return <span className="tabular-nums">{label}</span>;
  return (
    <button type="button" className="time-link tabular-nums" onClick={() => onSeek(seconds)} aria-label={`Play from ${label}`}>
      {label}
    </button>
  );
}

function Chapters({ chapters, canPlay, onSeek }: { chapters: Chapter[]; canPlay: boolean; onSeek: (s: number) => void }) {
  return (
    <TitledSection id="chapters" title="Chapters" className="mt-10">
      <ol className="mt-4 space-y-2">
        {chapters.map((chapter) => (
          <li key={`${chapter.start}-${chapter.title}`} className="flex gap-3">
            <TimeButton seconds={chapter.start} canPlay={canPlay} onSeek={onSeek} />
            <span dir="auto" className="wrap-anywhere">
              {chapter.url ? (
                <a href={chapter.url} target="_blank" rel="noopener noreferrer nofollow">
                  {chapter.title}
                </a>
              ) : (
                chapter.title
              )}
            </span>
          </li>
        ))}
      </ol>
    </TitledSection>
  );
}

function Transcript({ episode, canPlay, onSeek }: { episode: Episode; canPlay: boolean; onSeek: (s: number) => void }) {
  // A long transcript comes cut on the page; the rest is fetched when the visitor asks for it.
  const [wantsAll, setWantsAll] = useState(false);
  const whole = useQuery({
    ...episodeBySlugQueryOptions(episode.slug),
    queryKey: ["episodes", "slug", episode.slug, "whole"],
    enabled: wantsAll && !!episode.transcriptCut,
  });
  const paragraphs: TranscriptParagraph[] = (wantsAll ? whole.data?.transcript : null) ?? episode.transcript ?? [];
  const isCut = !!episode.transcriptCut && !whole.data;
  return (
    <TitledSection id="transcript" title="Transcript" className="mt-10">
      <div className="mt-4 space-y-4 leading-relaxed">
        {paragraphs.map((p, i) => (
          <p key={i} dir="auto" className="wrap-anywhere">
            {p.start !== null ? (
              <>
                <TimeButton seconds={p.start} canPlay={canPlay} onSeek={onSeek} />{" "}
              </>
            ) : null}
            {p.speaker ? <strong>{p.speaker}: </strong> : null}
            {p.text}
          </p>
        ))}
      </div>
      {isCut ? (
        <button type="button" className="btn btn-ghost mt-4" disabled={wantsAll} onClick={() => setWantsAll(true)}>
          {wantsAll
            ? whole.isError
              ? "The rest of the transcript could not be loaded"
              : "Loading the rest..."
            : "Show the whole transcript"}
        </button>
      ) : null}
    </TitledSection>
  );
}

function EpisodeDetail({ episode, player, onSeek }: { episode: Episode } & Omit<EpisodeViewProps, "slug">) {
  const url = useAbsoluteUrl(href.episode(episode.slug));
  const target = { url, title: episode.title };
  const { isCopied, notice, copy, dismiss } = useCopyLink(url);
  usePageTitle(episode.title);
  const canPlay = !!episode.audioUrl;
  const seek = (seconds: number) => onSeek(episode, seconds);
  return (
    <>
      <header className="themed-surface sticky top-0 z-20 border-b border-fg/25">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <BackLink />
          <div className="mobile:hidden">
            <ShareButtons target={target} isCopied={isCopied} onCopy={copy} noun="episode" />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-3xl px-4 py-8">
        <article aria-labelledby="episode-title">
          <div className="flex items-start gap-4">
            <EpisodeArtwork episode={episode} size={160} smallerOnMobile eager />
            <div className="min-w-0">
              <EpisodeMeta episode={episode} className="text-sm font-semibold uppercase tracking-wide" />
              <h1 id="episode-title" dir="auto" className="mt-1 text-3xl font-extrabold leading-tight wrap-anywhere sm:text-4xl">
                {episode.title}
              </h1>
            </div>
          </div>
          {canPlay ? <div className="mt-6">{player(episode)}</div> : null}
          {episode.spotifyEmbedUrl ? (
            <div className="mt-6">
              <SpotifyEmbed src={episode.spotifyEmbedUrl} title={episode.title} height={152} />
            </div>
          ) : null}
          {episode.showNotes ? (
            <TitledSection id="notes" title="Show notes" className="mt-10">
              {/* Sanitised by the server (the footer's allowlist; links to other sites open in a new tab). */}
              <div className="show-notes mt-4 wrap-anywhere" dir="auto" dangerouslySetInnerHTML={{ __html: episode.showNotes }} />
            </TitledSection>
          ) : episode.description ? (
            <p dir="auto" className="mt-8 text-lg wrap-anywhere">
              {episode.description}
            </p>
          ) : null}
          {episode.chapters?.length ? <Chapters chapters={episode.chapters} canPlay={canPlay} onSeek={seek} /> : null}
          {episode.transcript?.length ? <Transcript episode={episode} canPlay={canPlay} onSeek={seek} /> : null}
        </article>
      </main>
      <MobileShareBar target={target} isCopied={isCopied} onCopy={copy} noun="episode" />
      <CopyNotice notice={notice} onDismiss={dismiss} />
    </>
  );
}

/**
 * An episode's page (docs/product.md "The show's feed and episode pages"): its facts, the site's
 * own player, Spotify behind a facade when there is an embed, the notes, chapters and transcript
 * (in the served HTML: the page's best words for search engines), and share buttons.
 */
export function EpisodeView({ slug, player, onSeek }: EpisodeViewProps) {
  const { data: episode, isPending } = useQuery(episodeBySlugQueryOptions(slug));
  if (isPending) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        <p role="status">Loading episode...</p>
      </main>
    );
  }
  if (!episode) return <EpisodeNotFound />;
  return <EpisodeDetail episode={episode} player={player} onSeek={onSeek} />;
}
