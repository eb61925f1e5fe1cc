import { decodeSegment } from "@shared/routes";
import { EpisodeView } from "@/features/episodes/components/episode-view";
import { PlayerControls } from "@/features/player/components/player-controls";
import { player, toPlayerEpisode } from "@/features/player/player-store";
import { useSiteName } from "@/hooks/use-page-title";

export function EpisodePage({ params }: { params: Record<string, string | undefined> }) {
  const showName = useSiteName();
  return (
    <EpisodeView
      slug={decodeSegment(params.slug ?? "")}
      player={(e) => <PlayerControls episode={toPlayerEpisode(e, showName)} />}
      onSeek={(e, seconds) => void player.play(toPlayerEpisode(e, showName), seconds)}
    />
  );
}
