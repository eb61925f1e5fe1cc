import { createStore } from "@/lib/store";

/** What the player needs of an episode. */
export interface PlayerEpisode {
  slug: string;
  title: string;
  audioUrl: string;
  imageUrl: string | null;
  durationSeconds: number | null;
  showName: string;
}

export interface PlayerState {
  episode: PlayerEpisode | null;
  isPlaying: boolean;
  currentTime: number;
  /** From the audio once it is known, else from the feed. */
  duration: number | null;
  rate: number;
}

const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;

const IDLE: PlayerState = { episode: null, isPlaying: false, currentTime: 0, duration: null, rate: 1 };
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
      set({ episode, currentTime: 0, duration: episode.durationSeconds, isPlaying: false });
    }
    if (at !== undefined) player.seek(at);
    try {
      await audio.play();
    } catch {
      set({ isPlaying: false });
    }
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
