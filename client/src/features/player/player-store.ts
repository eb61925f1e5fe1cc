import type { Episode } from "@shared/api";
import { variantPath } from "@shared/pictures";
import { createStore } from "@/lib/store";

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

const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;

const IDLE: PlayerState = { episode: null, isPlaying: false, currentTime: 0, duration: null, rate: 1, failed: false };
const store = createStore(IDLE);
const set = store.set;
let audio: HTMLAudioElement | null = null;

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
  sync(next: Partial<PlayerState>): void {
    set(next);
  },
  /** Plays `episode` (from `at` seconds when given); the same episode goes on where it was. */
  async play(episode: PlayerEpisode, at?: number): Promise<void> {
    if (!audio) return;
    if (store.get().episode?.slug !== episode.slug) {
      audio.src = episode.audioUrl;
      audio.playbackRate = store.get().rate;
      set({ episode, currentTime: 0, duration: episode.durationSeconds, isPlaying: false, failed: false });
    } else if (audio.error) {
      // Tried again after a failure: load the file afresh.
      set({ failed: false });
      audio.load();
    }
    if (at !== undefined) player.seek(at);
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
  seek(seconds: number): void {
    if (!audio) return;
    const end = store.get().duration ?? Number.POSITIVE_INFINITY;
    const to = Math.min(Math.max(0, seconds), end);
    audio.currentTime = to;
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
  },
};

export function usePlayer(): PlayerState {
  return store.use();
}
