import type { Episode } from "@shared/api";
import { formatDuration } from "@shared/time";

/** "Season 2 · Episode 12 · 3 Jan 2024 · 45 min": what is known of it, in that order. */
export function episodeFacts(episode: Pick<Episode, "seasonNumber" | "episodeNumber" | "episodeType" | "publishedAt" | "durationSeconds">): string[] {
  const facts: string[] = [];
  if (episode.episodeType === "trailer") facts.push("Trailer");
  if (episode.episodeType === "bonus") facts.push("Bonus");
  if (episode.seasonNumber !== null) facts.push(`Season ${episode.seasonNumber}`);
  if (episode.episodeNumber !== null) facts.push(`Episode ${episode.episodeNumber}`);
  if (episode.publishedAt) facts.push(new Date(episode.publishedAt).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }));
  if (episode.durationSeconds) facts.push(formatDuration(episode.durationSeconds));
  return facts;
}

export function EpisodeMeta({ episode, className }: { episode: Episode; className?: string }) {
  const facts = episodeFacts(episode);
  if (facts.length === 0) return null;
  return (
    <p className={className}>
      {episode.publishedAt ? (
        <time dateTime={episode.publishedAt}>{facts.join(" · ")}</time>
      ) : (
        facts.join(" · ")
      )}
    </p>
  );
}

/**
 * The episode's artwork when it is stored on this site (a visitor's browser asks no other host for
 * it), at a fixed size so nothing shifts; otherwise nothing.
 */
export function EpisodeArtwork({ episode, size, eager = false }: { episode: Episode; size: number; eager?: boolean }) {
  if (!episode.imageUrl?.startsWith("/objects/")) return null;
  return (
    <img
      src={episode.imageUrl}
      alt=""
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className="shrink-0 rounded-xl object-cover"
      style={{ width: size, height: size }}
    />
  );
}
