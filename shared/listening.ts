/**
 * When a play on the site's own player counts as a listen, and which quarter marks it reached
 * (docs/analytics.md). Both sides use them: the visitor's page to know when to report progress,
 * the server to count it. Only audio actually played counts: a seek forward reaches no mark.
 */

/** The speeds the site's player offers, slowest first. */
export const PLAYBACK_RATES = [1, 1.25, 1.5, 2] as const;

/** The most audio a second of listening can play: a claim of more is not believed (docs/analytics.md). */
export const FASTEST_PLAYBACK_RATE = Math.max(...PLAYBACK_RATES);

/** A listen: at least this much audio played, as podcast measurement counts one. */
export const LISTEN_SECONDS = 60;

/**
 * The player reports its time a few times a second and the figures travel rounded to a tenth:
 * a second of slack, or a twentieth of a very short episode.
 */
const slack = (duration: number) => Math.min(1, duration / 20);

/** Whether `played` seconds of an episode `duration` seconds long make a listen (the whole episode when it is shorter than a minute). */
export function isListen(played: number, duration: number): boolean {
  return played >= LISTEN_SECONDS || (duration > 0 && played + slack(duration) >= duration);
}

/** How many quarter marks (25, 50, 75, 100 %: 0 to 4) `played` seconds of audio have passed. */
export function quartersReached(played: number, duration: number): number {
  if (!(duration > 0) || !(played > 0)) return 0;
  return Math.min(4, Math.floor(((played + slack(duration)) / duration) * 4));
}
