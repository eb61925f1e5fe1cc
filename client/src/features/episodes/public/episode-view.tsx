import { Trans } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { Chapter, Episode, TranscriptParagraph } from "@shared/api";
import { href } from "@shared/routes";
import { formatClock } from "@shared/time";
import { Picture } from "@/components/picture";
import { BackLink } from "@/components/back-link";
import { NotFoundNotice } from "@/components/not-found-notice";
import { SpotifyEmbed } from "@/components/embed-facade";
import { useAbsoluteUrl } from "@/lib/page-context";
import { CopyNotice, MobileShareBar, ShareButtons, useCopyLink } from "@/components/share-buttons";
import { TitledSection } from "@/components/titled-section";
import { usePageTitle } from "@/hooks/use-page-title";
import { useT } from "@/lib/i18n";
import { episodeBySlugQueryOptions } from "../api";
import { EpisodeArtwork, EpisodeMeta } from "./episode-meta";

export interface EpisodeViewProps {
  slug: string;
  /** The site's own player for an episode with audio (the player feature, composed by the page). */
  player: (episode: Episode) => ReactNode;
  /** A chapter or a transcript's time was chosen: play from there. */
  onSeek: (episode: Episode, seconds: number) => void;
  /** Where the player is in this episode (seconds), or null when it is not the one loaded. */
  position: number | null;
  /** What other features show of the episode below its player: its people, the show's support link. */
  extras?: (episode: Episode) => ReactNode;
  /** What the page's top bar holds after the way back: the show's Listen menu. */
  headerActions?: ReactNode;
}

/** The cue or chapter being heard at `position`: the last one that starts at or before it; -1 for none. */
function heardIndex(starts: (number | null)[], position: number | null): number {
  if (position === null) return -1;
  let heard = -1;
  starts.forEach((start, i) => {
    if (start !== null && start <= position + 0.25) heard = i;
  });
  return heard;
}

const isOnScreen = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < window.innerHeight;
};

/**
 * Keeps the one being heard in view while the visitor follows along: when it changes, the next is
 * scrolled to only if the one before was on screen (a visitor who scrolled away is left there).
 */
function useFollow(index: number) {
  const list = useRef<HTMLOListElement>(null);
  const before = useRef<Element | null>(null);
  useEffect(() => {
    const now = list.current?.querySelector('[aria-current="true"]') ?? null;
    const previous = before.current;
    before.current = now;
    if (!now || !previous || previous === now || !previous.isConnected || !isOnScreen(previous)) return;
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    now.scrollIntoView({ block: "nearest", behavior: calm ? "auto" : "smooth" });
  }, [index]);
  return list;
}

/** A cue's or a chapter's control: its whole text seeks there; the one being heard is marked. */
const SEEK_CONTROL =
  "w-full rounded-lg px-2 py-1 text-start hover:bg-fg/10 aria-[current=true]:bg-fg/15 aria-[current=true]:outline aria-[current=true]:outline-2 aria-[current=true]:outline-current";

interface SeekListProps {
  canPlay: boolean;
  onSeek: (seconds: number) => void;
  position: number | null;
}

function Chapters({ chapters, canPlay, onSeek, position }: { chapters: Chapter[] } & SeekListProps) {
  const t = useT();
  const heard = heardIndex(
    chapters.map((c) => c.start),
    position,
  );
  const list = useFollow(heard);
  // Titles line up when some chapters have a picture and others not.
  const hasPictures = chapters.some((c) => c.image);
  return (
    <TitledSection id="chapters" title={t("episode.chapters")} className="mt-10">
      <ol ref={list} className="mt-4 space-y-1">
        {chapters.map((chapter, i) => {
          const content = (
            <span className="flex items-center gap-3">
              {chapter.image ? (
                <Picture path={chapter.image} kind="photo" sizes="48px" width={48} alt="" className="shrink-0 rounded" />
              ) : hasPictures ? (
                <span aria-hidden="true" className="w-12 shrink-0" />
              ) : null}
              <span className="tabular-nums">{formatClock(chapter.start)}</span>
              <span dir="auto" className="wrap-anywhere">
                {chapter.title}
              </span>
            </span>
          );
          return (
            <li key={`${chapter.start}-${chapter.title}`} className="flex items-center gap-2">
              {canPlay ? (
                <button
                  type="button"
                  className={SEEK_CONTROL}
                  aria-current={i === heard ? "true" : undefined}
                  onClick={() => onSeek(chapter.start)}
                >
                  {content}
                </button>
              ) : (
                <span className="w-full px-2 py-1">{content}</span>
              )}
              {chapter.url ? (
                <a
                  href={chapter.url}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="shrink-0 text-sm underline"
                  aria-label={t("episode.chapterLinkLabel", { title: chapter.title })}
                >
                  {t("episode.chapterLink")}
                </a>
              ) : null}
            </li>
          );
        })}
      </ol>
    </TitledSection>
  );
}

function Transcript({ episode, canPlay, onSeek, position }: { episode: Episode } & SeekListProps) {
  const t = useT();
  // A long transcript comes cut on the page; the rest is fetched when the visitor asks for it.
  const [wantsAll, setWantsAll] = useState(false);
  const whole = useQuery({
    ...episodeBySlugQueryOptions(episode.slug),
    queryKey: ["episodes", "slug", episode.slug, "whole"],
    enabled: wantsAll && !!episode.transcriptCut,
  });
  const paragraphs: TranscriptParagraph[] = (wantsAll ? whole.data?.transcript : null) ?? episode.transcript ?? [];
  const isCut = !!episode.transcriptCut && !whole.data;
  const heard = heardIndex(
    paragraphs.map((p) => p.start),
    position,
  );
  const list = useFollow(heard);
  return (
    <TitledSection id="transcript" title={t("episode.transcript")} className="mt-10">
      <ol ref={list} className="mt-4 space-y-2 leading-relaxed">
        {paragraphs.map((p, i) => {
          // One line per cue: a speaker who says many in a row is named on the first of them.
          const isNewSpeaker = !!p.speaker && p.speaker !== paragraphs[i - 1]?.speaker;
          const words = (
            <>
              {isNewSpeaker ? <strong>{t("episode.speaker", { speaker: p.speaker })} </strong> : null}
              {p.text}
            </>
          );
          return (
            <li key={i} dir="auto" className="wrap-anywhere">
              {canPlay && p.start !== null ? (
                <button
                  type="button"
                  className={SEEK_CONTROL}
                  aria-current={i === heard ? "true" : undefined}
                  onClick={() => onSeek(p.start!)}
                >
                  <span className="tabular-nums">{formatClock(p.start)}</span> {words}
                </button>
              ) : (
                <p className="px-2 py-1">
                  {p.start !== null ? <span className="tabular-nums">{formatClock(p.start)} </span> : null}
                  {words}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {isCut ? (
        <button type="button" className="btn btn-ghost mt-4" disabled={wantsAll} onClick={() => setWantsAll(true)}>
          {wantsAll
            ? whole.isError
              ? t("episode.transcriptRestFailed")
              : t("episode.transcriptLoadingRest")
            : t("episode.transcriptShowAll")}
        </button>
      ) : null}
    </TitledSection>
  );
}

function EpisodeDetail({
  episode,
  player,
  onSeek,
  position,
  extras,
  headerActions,
}: { episode: Episode } & Omit<EpisodeViewProps, "slug">) {
  const url = useAbsoluteUrl(href.episode(episode.slug));
  const target = { url, title: episode.title };
  const { isCopied, notice, copy, dismiss } = useCopyLink(url);
  const t = useT();
  usePageTitle(episode.title);
  const canPlay = !!episode.audioUrl;
  const seek = (seconds: number) => onSeek(episode, seconds);
  return (
    <>
      <header className="themed-surface sticky top-0 z-20 border-b border-fg/25">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <BackLink />
          {headerActions}
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
          {/* After Play in the page's order, so a keyboard reaches the episode before the ways to share it. */}
          <div className="mt-4 mobile:hidden">
            <ShareButtons target={target} isCopied={isCopied} onCopy={copy} noun="episode" />
          </div>
          {extras?.(episode)}
          {episode.discussionUrl ? (
            <p className="mt-4">
              <a href={episode.discussionUrl} target="_blank" rel="noopener noreferrer nofollow" className="font-semibold underline">
                <Trans id="episode.discussion" components={{ 0: <span className="sr-only" /> }} />
              </a>
            </p>
          ) : null}
          {episode.spotifyEmbedUrl ? (
            <div className="mt-6">
              <SpotifyEmbed src={episode.spotifyEmbedUrl} title={episode.title} height={152} />
            </div>
          ) : null}
          {episode.showNotes ? (
            <TitledSection id="notes" title={t("episode.showNotes")} className="mt-10">
              {/* Sanitised by the server (the footer's allowlist; links to other sites open in a new tab). */}
              <div className="show-notes mt-4 wrap-anywhere" dir="auto" dangerouslySetInnerHTML={{ __html: episode.showNotes }} />
            </TitledSection>
          ) : episode.description ? (
            <p dir="auto" className="mt-8 text-lg wrap-anywhere">
              {episode.description}
            </p>
          ) : null}
          {episode.chapters?.length ? <Chapters chapters={episode.chapters} canPlay={canPlay} onSeek={seek} position={position} /> : null}
          {episode.transcript?.length ? <Transcript episode={episode} canPlay={canPlay} onSeek={seek} position={position} /> : null}
        </article>
      </main>
      <MobileShareBar target={target} isCopied={isCopied} onCopy={copy} noun="episode" />
      <CopyNotice notice={notice} onDismiss={dismiss} />
    </>
  );
}

/**
 * An episode's page (docs/product.md "The show's feed and episode pages", "Listening"): its
 * facts, the site's own player, its people and where to talk about it, Spotify behind a facade
 * when there is an embed, the notes, chapters and transcript (in the served HTML: the page's best
 * words for search engines; each cue and chapter seeks, the one heard marked), and share buttons
 * with a link at the moment being heard.
 */
export function EpisodeView({ slug, ...rest }: EpisodeViewProps) {
  const { data: episode, isPending } = useQuery(episodeBySlugQueryOptions(slug));
  const t = useT();
  if (isPending) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        <p role="status">{t("episode.loading")}</p>
      </main>
    );
  }
  if (!episode) return <NotFoundNotice title={t("episode.notFoundTitle")} text={t("episode.notFoundText")} />;
  return <EpisodeDetail episode={episode} {...rest} />;
}
