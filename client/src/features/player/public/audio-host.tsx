import { Suspense, useCallback, useEffect, useRef } from "react";
import { lazyPart } from "@/lib/lazy-part";
import { player, usePlayer } from "../player-store";

/** The bar below and the lock screen's controls, fetched when the first episode is loaded. */
const NowPlayingBar = lazyPart(() => import("./now-playing-bar").then((m) => m.NowPlayingBar));

/**
 * The app's one <audio> element, outside the router so a new page does not stop it, and while an
 * episode is loaded the bar at the foot of every page (now-playing-bar.tsx).
 */
export function AudioHost() {
  const state = usePlayer();
  const element = useRef<HTMLAudioElement | null>(null);
  const attach = useCallback((el: HTMLAudioElement | null) => {
    element.current = el;
    player.attach(el);
  }, []);
  // What this browser remembers (positions, the speed), once the page is the browser's: the
  // server knows none of it, and the first render must be the server's.
  useEffect(() => {
    void import("../memory").then((m) => player.remember(m.memory));
  }, []);
  const update = () => {
    const el = element.current;
    if (!el) return;
    const duration = Number.isFinite(el.duration) ? el.duration : (state.episode?.durationSeconds ?? null);
    player.sync({ isPlaying: !el.paused && !el.ended, currentTime: el.currentTime, duration, rate: el.playbackRate });
    // The lock screen's seek bar.
    if (duration && "mediaSession" in navigator && navigator.mediaSession.setPositionState) {
      try {
        navigator.mediaSession.setPositionState({ duration, playbackRate: el.playbackRate, position: Math.min(el.currentTime, duration) });
      } catch {
        // A position the browser will not take (a duration it disagrees with) leaves the lock screen as it was.
      }
    }
  };
  return (
    <>
      <audio
        ref={attach}
        preload="none"
        data-episode={state.episode?.slug}
        onPlay={update}
        onPause={update}
        onEnded={update}
        onTimeUpdate={update}
        onLoadedMetadata={update}
        onRateChange={update}
        onSeeked={update}
        onError={() => player.fail()}
      />
      {state.episode ? (
        <Suspense fallback={null}>
          <NowPlayingBar />
        </Suspense>
      ) : null}
    </>
  );
}
