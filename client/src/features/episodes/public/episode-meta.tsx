import type { Episode } from "@shared/api";
import { formatDuration } from "@shared/time";
import { Picture } from "@/components/picture";

/** "Season 2 · Episode 12 · 3 Jan 2024 · 45 min": what is known of it, in that order. */
function episodeFacts(
  episode: Pick<Episode, "seasonNumber" | "episodeNumber" | "episodeType" | "publishedAt" | "durationSeconds">,
): string[] {
  const facts: string[] = [];
  if (episode.episodeType === "trailer") facts.push("Trailer");
  if (episode.episodeType === "bonus") facts.push("Bonus");
  if (episode.seasonNumber !== null) facts.push(`Season ${episode.seasonNumber}`);
  if (episode.episodeNumber !== null) facts.push(`Episode ${episode.episodeNumber}`);
  if (episode.publishedAt)
    facts.push(
      new Date(episode.publishedAt).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
    );
  if (episode.durationSeconds) facts.push(formatDuration(episode.durationSeconds));
  return facts;
}

export function EpisodeMeta({ episode, className }: { episode: Episode; className?: string }) {
  const facts = episodeFacts(episode);
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
