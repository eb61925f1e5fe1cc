import { useT } from "@/lib/i18n";
import { player, usePlayer, type PlayerEpisode } from "../player-store";
import { Icon, PAUSE, PLAY } from "./play-icon";

/**
 * A card's play button: plays the episode with the site's player (the bar at the foot of the page
 * appears), or pauses it while it plays. Named for what it does and which episode.
 */
export function PlayEpisodeButton({ episode }: { episode: PlayerEpisode }) {
  const t = useT();
  const state = usePlayer();
  const isThis = state.episode?.slug === episode.slug;
  const isPlaying = isThis && state.isPlaying;
  return (
    <button
      type="button"
      onClick={() => (isThis ? player.toggle() : void player.play(episode))}
      aria-label={isPlaying ? t("player.pauseEpisode", { title: episode.title }) : t("player.playEpisode", { title: episode.title })}
      className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-white text-media shadow-lg transition-transform hover:scale-105 focus-visible:outline-white"
    >
      <Icon path={isPlaying ? PAUSE : PLAY} />
    </button>
  );
}
