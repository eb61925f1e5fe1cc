import { Trans } from "@lingui/react";
import { Suspense } from "react";
import { momentParam } from "@shared/moment";
import { href } from "@shared/routes";
import { formatClock } from "@shared/time";
import { CopyNotice, useCopyLink } from "@/components/share-buttons";
import { useLocale, useT, type Translate } from "@/lib/i18n";
import { lazyPart } from "@/lib/lazy-part";
import { useAbsoluteUrl } from "@/lib/page-context";
import { player, usePlayer, type PlayerEpisode } from "../player-store";
import type { StartPoint } from "../listening";
import { useListening } from "../use-listening";
import { Icon, PAUSE, PLAY } from "./play-icon";

/** What the player says when the audio cannot be loaded: fetched only then (no page is served failing). */
const AudioFailure = lazyPart(() => import("./audio-failure").then((m) => m.AudioFailure));

/** A key in the key hints' message (`<0>Space</0>`…): the message gives its name. */
const KEY = <kbd className="rounded border border-current px-1 font-sans text-xs" />;
const KEYS = { 0: KEY, 1: KEY, 2: KEY, 3: KEY, 4: KEY, 5: KEY };
/** What a skip button shows, then what it means (`<0>`: for screen readers only). */
const SCREEN_READER_ONLY = { 0: <span className="sr-only" /> };

/**
 * Share's link at the current time (docs/product.md "Listening"): the episode's address with ?t=
 * where the player is, copied. Under the seek bar beside the time, since the page's share row has
 * no room left on a phone or a desktop; shown once the episode is playing here.
 */
function MomentLink({ slug, at }: { slug: string; at: number }) {
  const t = useT();
  const clock = momentParam(at);
  const { isCopied, notice, copy, dismiss } = useCopyLink(useAbsoluteUrl(`${href.episode(slug)}?t=${clock}`));
  return (
    <>
      <button type="button" className="h-7 rounded px-2 font-semibold underline" onClick={copy}>
        {isCopied ? t("player.momentCopied") : t("player.momentLink", { time: clock })}
      </button>
      <CopyNotice notice={notice} onDismiss={dismiss} />
    </>
  );
}

/** What pressing play will do, before the episode is loaded: start at the link's moment, or resume. */
function startText(t: Translate, start: StartPoint): string {
  if (!start) return "";
  if (start.kind === "resume") return t("player.resumesAt", { time: formatClock(start.start) });
  if (start.end === null) return t("player.playsFrom", { start: formatClock(start.start) });
  return t("player.playsFromTo", { start: formatClock(start.start), end: formatClock(start.end) });
}

/**
 * The episode page's player (docs/product.md "The show's feed and episode pages", "Listening"):
 * play and pause, a seek bar that keyboards and screen readers operate (a range input), the time
 * played and the total, back 15 s and ahead 30 s, the speed, and the keys that do the same. It
 * drives the app's one audio element, so the episode goes on playing on other pages; it starts at
 * the moment the page's address names, else where this browser left it. Its size never changes
 * while it plays; a file that cannot be loaded adds a line saying so, with a link to the file.
 */
export function PlayerControls({ episode, withKeys = true }: { episode: PlayerEpisode; withKeys?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const state = usePlayer();
  const isThis = state.episode?.slug === episode.slug;
  const listening = useListening(episode, withKeys);
  const current = isThis ? state.currentTime : 0;
  const duration = (isThis ? state.duration : null) ?? episode.durationSeconds ?? 0;
  const isPlaying = isThis && state.isPlaying;
  const start = () => void player.play(episode);
  const rate = new Intl.NumberFormat(locale).format(state.rate);
  return (
    <div
      className="card flex flex-col gap-3 p-4"
      role="group"
      aria-label={t("player.label", { title: episode.title })}
      // The keys answer from now on (they load after the first render); browser tests wait for it.
      data-keys={listening.isReady ? "on" : undefined}
    >
      <div className="flex items-center gap-3">
        <button
          type="button"
          className="btn !h-14 !w-14 shrink-0 !rounded-full !p-0"
          onClick={() => (isThis ? player.toggle() : start())}
          aria-label={isPlaying ? t("player.pause") : t("player.play")}
        >
          <Icon path={isPlaying ? PAUSE : PLAY} />
        </button>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <input
            aria-label={t("player.seek")}
            type="range"
            className="player-seek w-full"
            min={0}
            max={Math.max(1, Math.round(duration))}
            step={5}
            value={Math.round(current)}
            disabled={!isThis}
            aria-valuetext={t("player.seekPosition", { current: formatClock(current), duration: formatClock(duration) })}
            onChange={(e) => player.seek(Number(e.target.value))}
          />
          {/* One height whatever it holds: what appears in the middle never moves the rest. */}
          <div className="flex h-7 items-center justify-between gap-2 text-sm tabular-nums">
            <span>{formatClock(current)}</span>
            {isThis ? (
              current >= 1 ? (
                <MomentLink slug={episode.slug} at={current} />
              ) : null
            ) : (
              <span role="status" className="min-w-0 truncate">
                {startText(t, listening.start)}
              </span>
            )}
            <span>{duration ? formatClock(duration) : "--:--"}</span>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {/* Named by what they show, then what it means (WCAG 2.5.3: a spoken "−15 s" finds it). */}
        <button type="button" className="btn btn-ghost !px-3" onClick={() => player.skip(-15)} disabled={!isThis}>
          <Trans id="player.skipBack" components={SCREEN_READER_ONLY} />
        </button>
        <button type="button" className="btn btn-ghost !px-3" onClick={() => player.skip(30)} disabled={!isThis}>
          <Trans id="player.skipAhead" components={SCREEN_READER_ONLY} />
        </button>
        <button
          type="button"
          className="btn btn-ghost ms-auto !px-3 tabular-nums"
          onClick={() => player.nextRate()}
          aria-label={t("player.speedLabel", { rate })}
        >
          {t("player.speed", { rate })}
        </button>
      </div>
      {withKeys ? (
        // Only where there is a keyboard: a phone has none to press.
        <p className="hidden text-sm keyboard:block">
          <Trans id="player.keyHints" components={KEYS} />
        </p>
      ) : null}
      {isThis && state.failed ? (
        <Suspense fallback={null}>
          <AudioFailure audioUrl={episode.audioUrl} />
        </Suspense>
      ) : null}
    </div>
  );
}
