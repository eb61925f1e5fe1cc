import type { Episode } from "@shared/api";
import { formatDuration } from "@shared/time";
import { Picture } from "@/components/picture";
import { publishedDate } from "@/lib/dates";
import { useLocale, useT, type Translate } from "@/lib/i18n";

/** "Season 2 · Episode 12 · 3 Jan 2024 · 45 min": what is known of it, in that order, in the page's language. */
function episodeFacts(
  episode: Pick<Episode, "seasonNumber" | "episodeNumber" | "episodeType" | "publishedAt" | "durationSeconds">,
  t: Translate,
  locale: string,
): string[] {
  const facts: string[] = [];
  if (episode.episodeType === "trailer") facts.push(t("episode.trailer"));
  if (episode.episodeType === "bonus") facts.push(t("episode.bonus"));
  if (episode.seasonNumber !== null) facts.push(t("episode.season", { season: episode.seasonNumber }));
  if (episode.episodeNumber !== null) facts.push(t("episode.number", { number: episode.episodeNumber }));
  if (episode.publishedAt) facts.push(publishedDate(episode.publishedAt, locale));
  if (episode.durationSeconds) facts.push(formatDuration(episode.durationSeconds, t));
  return facts;
}

export function EpisodeMeta({ episode, className }: { episode: Episode; className?: string }) {
  const facts = episodeFacts(episode, useT(), useLocale());
  if (facts.length === 0) return null;
  return (
    <p className={className}>{episode.publishedAt ? <time dateTime={episode.publishedAt}>{facts.join(" · ")}</time> : facts.join(" · ")}</p>
  );
}

/**
 * The episode's artwork when the site keeps it (uploaded, or fetched from the feed), at a fixed size
 * so nothing shifts; with `smallerOnMobile`, drawn at 96 px on a phone (the `mobile` variant in
 * index.css), by CSS so the server's markup is already right.
 */
export function EpisodeArtwork({
  episode,
  size,
  smallerOnMobile = false,
  eager = false,
}: {
  episode: Episode;
  size: number;
  smallerOnMobile?: boolean;
  eager?: boolean;
}) {
  if (!episode.imagePath) return null;
  return (
    <Picture
      path={episode.imagePath}
      kind="artwork"
      sizes={smallerOnMobile ? `(max-width: 767.98px) 96px, ${size}px` : `${size}px`}
      width={size}
      alt=""
      eager={eager}
      className={`shrink-0 rounded-xl object-cover${smallerOnMobile ? " mobile:size-24" : ""}`}
    />
  );
}
