import type { Episode } from "@shared/api";
import { decodeSegment } from "@shared/routes";
import { EpisodeView } from "@/features/episodes/components/episode-view";
import { PlayerControls } from "@/features/player/components/player-controls";
import { player, type PlayerEpisode } from "@/features/player/player-store";
import { useSiteName } from "@/hooks/use-page-title";

export function EpisodePage({ params }: { params: Record<string, string | undefined> }) {
  const showName = useSiteName();
  const forPlayer = (e: Episode): PlayerEpisode => ({
    slug: e.slug,
    title: e.title,
    audioUrl: e.audioUrl ?? "",
    imageUrl: e.imageUrl,
    durationSeconds: e.durationSeconds,
    showName,
  });
  return (
    <EpisodeView
      slug={decodeSegment(params.slug ?? "")}
      player={(e) => <PlayerControls episode={forPlayer(e)} />}
      onSeek={(e, seconds) => void player.play(forPlayer(e), seconds)}
    />
  );
}
