import { useEffect, useRef, useState, type RefObject } from "react";
import { youTubePlayerUrl } from "@shared/embeds";
import { useT } from "@/lib/i18n";
import { isMobileDevice } from "@/lib/mobile";
import { Picture } from "./picture";

/*
 * Click-to-load embeds: until the visitor presses play, the page shows a local poster and makes
 * no request to Spotify or YouTube (no cookies, no thumbnails, nothing to download on a phone).
 * Poster and player have the same fixed size, so loading the player shifts nothing.
 */

function PlayIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z" />
    </svg>
  );
}

interface FacadeProps {
  title: string;
  height: number;
  /** CSS width; a number means pixels. */
  width?: number | string;
  aspectRatio?: string;
}

/** The poster: the video's own picture when the site keeps one (fetched by the server), else a gradient. */
function Poster({
  title,
  label,
  kind,
  onPlay,
  image,
  track,
}: {
  title: string;
  label: string;
  kind: string;
  onPlay: () => void;
  image?: string | null;
  /** What the owner's analytics count a press as (`data-track`, docs/analytics.md). */
  track?: string;
}) {
  return (
    <div className="absolute inset-0 flex flex-col justify-between overflow-hidden rounded-xl bg-media p-4 text-white">
      {image ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-0">
          <Picture path={image} kind="poster" sizes="260px" width={260} alt="" className="h-full w-full object-cover" />
          <div className="absolute inset-0 bg-gradient-to-b from-black/50 via-transparent to-black/70" />
        </div>
      ) : (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 opacity-60"
          style={{ background: "radial-gradient(circle at 80% 20%, #8a4b2a, transparent 60%), linear-gradient(160deg, #241833, #120d1a)" }}
        />
      )}
      <span className="relative text-xs font-semibold uppercase tracking-wider">{kind}</span>
      <button
        type="button"
        onClick={onPlay}
        aria-label={label}
        data-track={track}
        className="relative inline-flex h-12 w-12 shrink-0 items-center justify-center self-center rounded-full bg-white text-media shadow-lg transition-transform hover:scale-105 focus-visible:outline-white"
      >
        <PlayIcon />
      </button>
      <p dir="auto" className="relative line-clamp-2 text-base font-semibold leading-snug wrap-anywhere">
        {title}
      </p>
    </div>
  );
}

const SPOTIFY_ORIGIN = "https://open.spotify.com";

/**
 * The visitor pressed play on the poster: ask Spotify's player to start, so one press plays
 * (the player takes the same `play` command its iFrame API sends). Sent when the frame has loaded
 * and when the player says it is ready; the browser decides whether autoplay is allowed.
 */
function useStartSpotify(frame: RefObject<HTMLIFrameElement | null>, isLoaded: boolean) {
  useEffect(() => {
    if (!isLoaded) return;
    const play = () => frame.current?.contentWindow?.postMessage({ command: "play" }, SPOTIFY_ORIGIN);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== SPOTIFY_ORIGIN || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: unknown } | null)?.type === "ready") play();
    };
    window.addEventListener("message", onMessage);
    const iframe = frame.current;
    iframe?.addEventListener("load", play, { once: true });
    return () => {
      window.removeEventListener("message", onMessage);
      iframe?.removeEventListener("load", play);
    };
  }, [frame, isLoaded]);
}

export function SpotifyEmbed({ src, title, height, width = "100%" }: FacadeProps & { src: string }) {
  const t = useT();
  const [isLoaded, setIsLoaded] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  useStartSpotify(frame, isLoaded);
  return (
    <div className="relative" style={{ height, width }}>
      {isLoaded ? (
        <iframe
          ref={frame}
          src={src}
          title={t("embed.spotifyFrameTitle", { title })}
          width="100%"
          height={height}
          className="rounded-xl"
          style={{ border: 0 }}
          allow="autoplay; clipboard-write; encrypted-media; fullscreen; picture-in-picture"
        />
      ) : (
        <Poster title={title} kind={t("embed.spotifyKind")} label={t("embed.playEpisode", { title })} onPlay={() => setIsLoaded(true)} />
      )}
    </div>
  );
}

export function YouTubeEmbed({
  src,
  title,
  height,
  width = "100%",
  aspectRatio,
  poster,
  track,
}: FacadeProps & { src: string; poster?: string | null; track?: string }) {
  const t = useT();
  const [isLoaded, setIsLoaded] = useState(false);
  // docs/product.md §4: no fullscreen on a phone or tablet. Decided when the visitor presses play,
  // which is when the frame is made: the first render reads nothing of the device, so the
  // server's markup and the browser's hydration agree.
  const [allowFullscreen, setAllowFullscreen] = useState(true);
  // The admin's start, end and si stay (docs/product.md §5); autoplay since the visitor just pressed play.
  const player = youTubePlayerUrl(src);
  const style = aspectRatio ? { width, aspectRatio } : { width, height };
  return (
    <div className="relative" style={style}>
      {isLoaded && player ? (
        <iframe
          src={player}
          title={t("embed.youtubeFrameTitle", { title })}
          width="100%"
          height="100%"
          className="absolute inset-0 h-full w-full rounded-xl"
          style={{ border: 0 }}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen={allowFullscreen}
        />
      ) : (
        <Poster
          title={title}
          kind={t("embed.youtubeKind")}
          label={t("embed.playVideo", { title })}
          onPlay={() => {
            setAllowFullscreen(!isMobileDevice(window.innerWidth, navigator.userAgent));
            setIsLoaded(true);
          }}
          image={poster}
          track={track}
        />
      )}
    </div>
  );
}
