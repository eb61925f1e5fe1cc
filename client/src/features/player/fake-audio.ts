import { vi } from "vitest";

/**
 * For tests: the app's one <audio> as the player drives it (where it is, whether it plays, its
 * speed), without a media stack. Its events reach the store through player.sync, as AudioHost
 * passes them on; `play` is a spy.
 */
export function fakeAudio() {
  return {
    src: "",
    currentTime: 0,
    paused: true,
    ended: false,
    error: null as MediaError | null,
    playbackRate: 1,
    play: vi.fn(async function (this: { paused: boolean }) {
      this.paused = false;
    }),
    pause() {
      this.paused = true;
    },
    load() {},
  };
}
