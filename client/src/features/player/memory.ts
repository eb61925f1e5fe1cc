/**
 * What the player remembers in this browser (docs/product.md "Listening"): where each episode
 * was left and the speed chosen. Local storage only: no cookie, nothing sent to the server. A
 * browser that refuses storage (private windows, a full quota) just remembers nothing. Imported
 * after the first render (public/audio-host.tsx); its bytes ride in the visitor-kit file
 * (vite.config.ts).
 */
const KEY = "podcast-player";
/** Episodes remembered; the oldest is forgotten first. */
const MAX_EPISODES = 200;
/** Closer than this to the start or the end, an episode starts from the beginning next time. */
const MARGIN_SECONDS = 5;

interface Remembered {
  rate?: number;
  /** Seconds by episode slug, the most recent last. */
  positions?: Record<string, number>;
}

function read(): Remembered {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "{}");
    return value && typeof value === "object" ? (value as Remembered) : {};
  } catch {
    return {};
  }
}

function write(value: Remembered): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage refused: nothing is remembered, and playing goes on.
  }
}

export type Memory = typeof memory;

export const memory = {
  rate(): number | null {
    const { rate } = read();
    return typeof rate === "number" && Number.isFinite(rate) ? rate : null;
  },
  setRate(rate: number): void {
    write({ ...read(), rate });
  },
  /** Where the episode was left, or null (never played, finished, or near its start). */
  position(slug: string): number | null {
    const seconds = read().positions?.[slug];
    return typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  },
  /** Keeps where the episode is; near its start or end (`duration`), forgets it. */
  setPosition(slug: string, seconds: number, duration: number | null): void {
    const stored = read();
    const positions = { ...stored.positions };
    delete positions[slug];
    if (seconds >= MARGIN_SECONDS && (duration === null || seconds < duration - MARGIN_SECONDS)) positions[slug] = Math.floor(seconds);
    const slugs = Object.keys(positions);
    for (const old of slugs.slice(0, Math.max(0, slugs.length - MAX_EPISODES))) delete positions[old];
    write({ ...stored, positions });
  },
};
