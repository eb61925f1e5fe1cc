import type { Episode } from "@shared/api";
import type { Moment } from "@shared/moment";
import { variantPath } from "@shared/pictures";
import { PLAYBACK_RATES } from "@shared/listening";
import { createStore } from "@/lib/store";
import type { Memory } from "./memory";

/** What the player needs of an episode. */
export interface PlayerEpisode {
  slug: string;
  title: string;
  audioUrl: string;
  /** The artwork the site keeps (/objects/{id}), for the lock screen; never the feed's address, which the site's CSP refuses. */
  imagePath: string | null;
  durationSeconds: number | null;
  showName: string;
  /** Where the player bar's title leads; the episode's page when not given. */
  pageHref?: string;
}

/** An episode as the player takes it (the page checks it has audio). */
export const toPlayerEpisode = (e: Episode, showName: string): PlayerEpisode => ({
  slug: e.slug,
  title: e.title,
  audioUrl: e.audioUrl ?? "",
  imagePath: e.imagePath,
  durationSeconds: e.durationSeconds,
  showName,
});

/** The lock screen's artwork: the sizes the site makes of the kept artwork (shared/pictures.ts), as JPEG, which every system's media controls decode. */
export function mediaArtwork(imagePath: string | null, origin: string): MediaImage[] {
  if (!imagePath) return [];
  return [192, 512, 1024].map((width) => ({
    src: new URL(variantPath(imagePath, "artwork", width, "jpeg"), origin).href,
    sizes: `${width}x${width}`,
    type: "image/jpeg",
  }));
}

export interface PlayerState {
  episode: PlayerEpisode | null;
  isPlaying: boolean;
  currentTime: number;
  /** From the audio once it is known, else from the feed. */
  duration: number | null;
  rate: number;
  /** The episode's audio could not be loaded (gone, refused, not audio): the player says so and links the file. */
  failed: boolean;
}

const IDLE: PlayerState = { episode: null, isPlaying: false, currentTime: 0, duration: null, rate: 1, failed: false };
const store = createStore(IDLE);
const set = store.set;
let audio: HTMLAudioElement | null = null;
/** What this browser remembers (memory.ts), loaded after the first render: until then, nothing is. */
let memory: Memory | null = null;

/** A link to a moment of an episode (`?t=`, `#t=`), waiting for the visitor to press play. */
let offered: (Moment & { slug: string }) | null = null;
/** Where playing pauses by itself: the end of the moment a link named. */
let endAt: number | null = null;
/** When the position was last written down: while playing, at most every few seconds. */
let lastKept = 0;
const KEEP_EVERY_MS = 5_000;

/** Where an episode starts when the visitor presses play: the moment a link names wins over where they left it. */
function startOf(episode: PlayerEpisode): { at: number | null; end: number | null } {
  const moment = offered?.slug === episode.slug ? offered : null;
  offered = null;
  // A moment past the episode's end is no moment (a bad link plays as if it had none).
  const duration = store.get().episode?.slug === episode.slug ? store.get().duration : episode.durationSeconds;
  if (moment && (duration === null || moment.start < duration)) return { at: moment.start, end: moment.end };
  return { at: store.get().episode?.slug === episode.slug ? null : (memory?.position(episode.slug) ?? null), end: null };
}

/**
 * The site's one audio player (docs/product.md "The show's feed and episode pages"): one
 * <audio preload="none"> for the whole visit (AudioHost), so playing goes on from page to page,
 * and nothing is fetched from the audio's host before the visitor presses play.
 */
export const player = {
  /** AudioHost hands over its element, and the element's events feed the state. */
  attach(element: HTMLAudioElement | null): void {
    audio = element;
  },
  /**
   * What this browser remembers, once loaded (after the first render, so it matches the server's):
   * the speed chosen on an earlier visit is taken at once.
   */
  remember(remembered: Memory): void {
    memory = remembered;
    const rate = memory.rate();
    if (rate !== null && (PLAYBACK_RATES as readonly number[]).includes(rate)) {
      if (audio) audio.playbackRate = rate;
      set({ rate });
    }
  },
  sync(next: Partial<PlayerState>): void {
    set(next);
    const { episode, currentTime, duration, isPlaying } = store.get();
    if (!episode || next.currentTime === undefined) return;
    if (endAt !== null && currentTime >= endAt) {
      endAt = null;
      audio?.pause();
    }
    // Where it is, kept for the next visit: every few seconds while it plays, at once when it stops.
    if (!isPlaying || Date.now() - lastKept >= KEEP_EVERY_MS) {
      lastKept = Date.now();
      memory?.setPosition(episode.slug, audio?.ended ? (duration ?? currentTime) : currentTime, duration);
    }
  },
  /** A link to a moment of an episode: playing it starts there (and pauses at its end) instead of where the visitor left it. */
  offerMoment(slug: string, moment: Moment | null): void {
    offered = moment ? { slug, ...moment } : null;
  },
  /** Plays `episode` (from `at` seconds when given); the same episode goes on where it was. */
  async play(episode: PlayerEpisode, at?: number): Promise<void> {
    if (!audio) return;
    // A time chosen on the page (a chapter, a line) wins over a link's moment, which is then spent.
    if (at !== undefined && offered?.slug === episode.slug) offered = null;
    const start = at === undefined ? startOf(episode) : { at, end: null };
    const current = store.get();
    if (current.episode?.slug !== episode.slug) {
      // The episode left is kept where it was, for when the visitor comes back to it.
      if (current.episode) memory?.setPosition(current.episode.slug, current.currentTime, current.duration);
      audio.src = episode.audioUrl;
      audio.playbackRate = store.get().rate;
      set({ episode, currentTime: 0, duration: episode.durationSeconds, isPlaying: false, failed: false });
    } else if (audio.error) {
      // Tried again after a failure: load the file afresh.
      set({ failed: false });
      audio.load();
    }
    if (start.at !== null) player.seek(start.at);
    endAt = start.end;
    try {
      await audio.play();
    } catch {
      // Refused to start (the browser's autoplay rule) is not a failure; a file that cannot load is.
      set({ isPlaying: false, failed: audio.error !== null });
    }
  },
  /** The audio element reported that the file cannot be loaded. */
  fail(): void {
    set({ isPlaying: false, failed: true });
  },
  pause(): void {
    audio?.pause();
  },
  toggle(): void {
    const { episode } = store.get();
    if (!audio || !episode) return;
    if (audio.paused) void player.play(episode);
    else audio.pause();
  },
  /** Plays or pauses this episode: the one loaded goes on or stops; another starts. */
  toggleEpisode(episode: PlayerEpisode): void {
    if (store.get().episode?.slug === episode.slug) player.toggle();
    else void player.play(episode);
  },
  isLoaded: (slug: string): boolean => store.get().episode?.slug === slug,
  seek(seconds: number): void {
    if (!audio) return;
    const end = store.get().duration ?? Number.POSITIVE_INFINITY;
    const to = Math.min(Math.max(0, seconds), end);
    audio.currentTime = to;
    // Moving elsewhere leaves the moment a link named: it no longer pauses at its end.
    endAt = null;
    set({ currentTime: to });
  },
  skip(by: number): void {
    player.seek(store.get().currentTime + by);
  },
  /** 1x, 1.25x, 1.5x, 2x, and round again. */
  nextRate(): void {
    const next = PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(store.get().rate as (typeof PLAYBACK_RATES)[number]) + 1) % PLAYBACK_RATES.length]!;
    if (audio) audio.playbackRate = next;
    set({ rate: next });
    memory?.setRate(next);
  },
};

export function usePlayer(): PlayerState {
  return store.use();
}
