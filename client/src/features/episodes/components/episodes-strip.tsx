import { useQuery } from "@tanstack/react-query";
import type { Episode } from "@shared/api";
import { SpotifyEmbed } from "@/components/embed-facade";
import { ScrollStrip } from "@/components/scroll-strip";
import { cardOpacity } from "@/lib/card-opacity";
import { cardStyle } from "@/lib/site";
import { publicEpisodesQueryOptions } from "../api";

/** docs/product.md §9: episode cards are 320 px wide with a 152 px player; the strip scrolls 300 px a step. */
const EPISODE_CARD_WIDTH = 320;
const EPISODE_EMBED_HEIGHT = 152;
const EPISODE_SCROLL_STEP = 300;

function EpisodeCard({ episode, index }: { episode: Episode; index: number }) {
  return (
    <article
      className="card flex shrink-0 flex-col gap-3 p-3"
      style={{ ...cardStyle(cardOpacity(index)), width: EPISODE_CARD_WIDTH }}
      aria-label={episode.title}
    >
      {episode.spotifyEmbedUrl ? (
        <SpotifyEmbed src={episode.spotifyEmbedUrl} title={episode.title} height={EPISODE_EMBED_HEIGHT} />
      ) : (
        <h3 dir="auto" className="line-clamp-2 text-lg font-bold wrap-anywhere" style={{ minHeight: EPISODE_EMBED_HEIGHT / 2 }}>
          {episode.title}
        </h3>
      )}
      {episode.description ? (
        <p dir="auto" className="line-clamp-3 text-sm leading-relaxed wrap-anywhere">
          {episode.description}
        </p>
      ) : null}
    </article>
  );
}

export function EpisodesStrip() {
  const { data: episodes, isPending, isError } = useQuery(publicEpisodesQueryOptions());
  return (
    <ScrollStrip id="latest-episodes" title="Latest Episodes" step={EPISODE_SCROLL_STEP} itemsLabel="episodes">
      {isPending ? (
        <p role="status">Loading episodes...</p>
      ) : isError || episodes.length === 0 ? (
        <p>No episodes available</p>
      ) : (
        episodes.map((episode, index) => <EpisodeCard key={episode.id} episode={episode} index={index} />)
      )}
    </ScrollStrip>
  );
}
