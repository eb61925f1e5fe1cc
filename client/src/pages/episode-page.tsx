import { decodeSegment } from "@shared/routes";
import { EpisodeView } from "@/features/episodes/public/episode-view";
import { SupportLinks } from "@/features/identity/public/support-links";
import { EpisodePeople } from "@/features/people/public/episode-people";
import { PlayerControls } from "@/features/player/public/player-controls";
import { player, toPlayerEpisode, usePlayer } from "@/features/player/player-store";
import { ListenMenu } from "@/features/providers/public/listen-menu";
import { MessageLink } from "@/features/messages/public/message-link";
import { useSiteName } from "@/hooks/use-page-title";

export function EpisodePage({ params }: { params: Record<string, string | undefined> }) {
  const showName = useSiteName();
  const slug = decodeSegment(params.slug ?? "");
  const state = usePlayer();
  return (
    <EpisodeView
      slug={slug}
      player={(e) => <PlayerControls episode={toPlayerEpisode(e, showName)} />}
      onSeek={(e, seconds) => void player.play(toPlayerEpisode(e, showName), seconds)}
      position={state.episode?.slug === slug ? state.currentTime : null}
      headerActions={<ListenMenu className="btn btn-ghost" />}
      extras={(e) => (
        <>
          <EpisodePeople people={e.people ?? []} />
          <SupportLinks className="mt-6" />
          <MessageLink episodeSlug={e.slug} className="mt-6" />
        </>
      )}
    />
  );
}
