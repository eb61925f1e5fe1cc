import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { InEnglish } from "@/test/language";
import { fakeAudio } from "../fake-audio";
import type { PlayerEpisode } from "../player-store";

const episode: PlayerEpisode = {
  slug: "the-ache",
  title: "The ache",
  audioUrl: "https://cdn.example/ache.mp3",
  imagePath: null,
  durationSeconds: 600,
  showName: "Pain Talk",
};

/** A fresh player (the store is the page's one, kept in its module) and the controls for `episode`. */
async function renderControls({ withKeys = true } = {}) {
  vi.resetModules();
  const { player } = await import("../player-store");
  const { PlayerControls } = await import("./player-controls");
  const audio = fakeAudio();
  player.attach(audio as unknown as HTMLAudioElement);
  const { container } = render(<PlayerControls episode={episode} withKeys={withKeys} />, { wrapper: InEnglish });
  return { player, audio, container };
}

const seek = () => screen.getByRole("slider", { name: "Seek" });

beforeEach(() => window.history.replaceState(null, "", "/episode/the-ache"));

describe("the episode page's player", () => {
  it("when the page has one player, then its key hints are there for a keyboard (hidden unless there is one) and K plays", async () => {
    const { audio, container } = await renderControls();
    const hints = screen.getByText(/^Keys:/);
    expect(hints.className).toContain("hidden");
    expect(hints.className).toContain("keyboard:block");
    await vi.waitFor(() => expect(container.querySelector("[data-keys=on]")).not.toBeNull());
    await userEvent.keyboard("k");
    expect(audio.play).toHaveBeenCalledTimes(1);
  });

  it("when the page has many players (the owner's hand-ins), then a player without keys shows no key hints and K plays nothing", async () => {
    const { audio, container } = await renderControls({ withKeys: false });
    expect(screen.queryByText(/^Keys:/)).toBeNull();
    await vi.waitFor(() => expect(container.querySelector("[data-keys=on]")).not.toBeNull());
    await userEvent.keyboard("k");
    expect(audio.play).not.toHaveBeenCalled();
  });

  it("when nothing is playing, then Play is offered, the total comes from the feed, and seeking and skipping wait for the episode", async () => {
    await renderControls();
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
    expect(screen.getByText("10:00")).toBeTruthy();
    expect(seek()).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: /back 15 seconds/ })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: /ahead 30 seconds/ })).toHaveProperty("disabled", true);
  });

  it("when Play is pressed, then the episode's audio is loaded and played, and the button becomes Pause once it plays", async () => {
    const { player, audio } = await renderControls();
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(audio.src).toBe(episode.audioUrl);
    expect(audio.play).toHaveBeenCalledTimes(1);
    act(() => player.sync({ isPlaying: true }));
    expect(screen.getByRole("button", { name: "Pause" })).toBeTruthy();
    expect(seek()).toHaveProperty("disabled", false);
  });

  it("when the visitor skips ahead and back, then the audio moves by 30 and 15 seconds, never before the start", async () => {
    const { audio } = await renderControls();
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    await userEvent.click(screen.getByRole("button", { name: /ahead 30 seconds/ }));
    expect(audio.currentTime).toBe(30);
    await userEvent.click(screen.getByRole("button", { name: /back 15 seconds/ }));
    expect(audio.currentTime).toBe(15);
    await userEvent.click(screen.getByRole("button", { name: /back 15 seconds/ }));
    await userEvent.click(screen.getByRole("button", { name: /back 15 seconds/ }));
    expect(audio.currentTime).toBe(0);
    expect(seek().getAttribute("aria-valuetext")).toBe("0:00 of 10:00");
  });

  it("when the speed button is pressed, then it goes 1x, 1.25x, 1.5x, 2x and round again, on the audio too", async () => {
    const { audio } = await renderControls();
    const speed = () => screen.getByRole("button", { name: /^Playback speed/ });
    expect(speed().getAttribute("aria-label")).toBe("Playback speed 1x");
    for (const rate of [1.25, 1.5, 2, 1]) {
      await userEvent.click(speed());
      expect(speed().getAttribute("aria-label")).toBe(`Playback speed ${rate}x`);
      expect(audio.playbackRate).toBe(rate);
    }
  });

  it("when the episode has played past a second, then 'Link at m:ss' offers the moment to copy", async () => {
    const { player } = await renderControls();
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    expect(screen.queryByRole("button", { name: /^Link at/ })).toBeNull();
    act(() => player.sync({ isPlaying: true, currentTime: 75 }));
    expect(screen.getByRole("button", { name: "Link at 1:15" })).toBeTruthy();
    expect(seek().getAttribute("aria-valuetext")).toBe("1:15 of 10:00");
  });

  it("when the audio cannot be loaded, then the player says so in words and links the file", async () => {
    const { player } = await renderControls();
    await userEvent.click(screen.getByRole("button", { name: "Play" }));
    act(() => player.fail());
    // The words load only when they are needed.
    expect((await screen.findByRole("alert")).textContent).toContain("The audio could not be loaded here.");
    expect(screen.getByRole("link", { name: /Open the audio file/ }).getAttribute("href")).toBe(episode.audioUrl);
    expect(screen.getByRole("button", { name: "Play" })).toBeTruthy();
  });
});
