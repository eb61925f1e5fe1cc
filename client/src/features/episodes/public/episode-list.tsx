import { Link } from "wouter";
import type { Episode } from "@shared/api";
import { href } from "@shared/routes";
import { EpisodeMeta } from "./episode-meta";

/** Episodes as links with their facts (season, number, date, length): a person's episodes. */
export function EpisodeList({ episodes, label }: { episodes: Episode[]; label: string }) {
  if (episodes.length === 0) return null;
  return (
    <ol className="mt-4 space-y-3" aria-label={label}>
      {episodes.map((episode) => (
        <li key={episode.id} className="card p-4">
          <h3 dir="auto" className="text-lg font-bold leading-snug wrap-anywhere">
            <Link href={href.episode(episode.slug)}>{episode.title}</Link>
          </h3>
          <EpisodeMeta episode={episode} className="mt-1 text-sm" />
        </li>
      ))}
    </ol>
  );
}
