import { useEffect } from "react";
import { Link } from "wouter";
import { formatClock } from "@shared/time";
import { href } from "@shared/routes";
import { useT } from "@/lib/i18n";
import { mediaArtwork, player, usePlayer } from "../player-store";
import { AudioFailure } from "./audio-failure";

/** The lock screen and headphones: the episode's title and artwork, and play, pause, skip and seek. */
function useMediaSession(): void {
  const { episode } = usePlayer();
  useEffect(() => {
    if (!episode || typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: episode.title,
      artist: episode.showName,
      artwork: mediaArtwork(episode.imagePath, location.origin),
    });
    const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => void player.play(episode)],
      ["pause", () => player.pause()],
      ["seekbackward", () => player.skip(-15)],
      ["seekforward", () => player.skip(30)],
      ["seekto", (details) => details.seekTime !== undefined && player.seek(details.seekTime)],
    ];
    for (const [action, handler] of actions) navigator.mediaSession.setActionHandler(action, handler);
    return () => {
      for (const [action] of actions) navigator.mediaSession.setActionHandler(action, null);
    };
  }, [episode]);
}

/**
 * The small bar at the foot of every page while an episode is loaded: its title (a link to its
 * page), play or pause, and where it is; and the lock screen's controls. Loaded with the first
 * episode played (audio-host.tsx), since no page is served with one.
 */
export function NowPlayingBar() {
  const t = useT();
  const state = usePlayer();
  useMediaSession();
  if (!state.episode) return null;
  return (
    <>
      {/* Room for the bar, so it never covers the end of the page. */}
      <div aria-hidden="true" className="h-16" />
      <div className="themed-surface fixed inset-x-0 bottom-0 z-30 border-t border-fg/25" role="region" aria-label={t("player.nowPlaying")}>
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <button
            type="button"
            className="btn !h-11 !w-11 shrink-0 !rounded-full !p-0"
            onClick={() => player.toggle()}
            aria-label={state.isPlaying ? t("player.pause") : t("player.play")}
          >
            <span aria-hidden="true">{state.isPlaying ? "❚❚" : "▶"}</span>
          </button>
          <div className="flex min-w-0 flex-1 flex-col">
            <Link href={state.episode.pageHref ?? href.episode(state.episode.slug)} className="truncate font-semibold" dir="auto">
              {state.episode.title}
            </Link>
            {state.failed ? <AudioFailure audioUrl={state.episode.audioUrl} compact /> : null}
          </div>
          {state.failed ? null : (
            <span className="shrink-0 text-sm tabular-nums">
              {formatClock(state.currentTime)}
              {state.duration ? ` / ${formatClock(state.duration)}` : ""}
            </span>
          )}
        </div>
      </div>
    </>
  );
}
