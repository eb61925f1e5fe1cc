import { describe, expect, it } from "vitest";
import { fakeAudio } from "./fake-audio";
import { mediaArtwork, player } from "./player-store";

describe("mediaArtwork", () => {
  it("when the episode's artwork is kept here, then the lock screen gets its JPEG sizes at this site's address", () => {
    expect(mediaArtwork("/objects/0123abcd-0123-4567-89ab-0123456789ab", "https://show.example")).toEqual([
      { src: "https://show.example/objects/0123abcd-0123-4567-89ab-0123456789ab/artwork-192.jpeg", sizes: "192x192", type: "image/jpeg" },
      { src: "https://show.example/objects/0123abcd-0123-4567-89ab-0123456789ab/artwork-512.jpeg", sizes: "512x512", type: "image/jpeg" },
      {
        src: "https://show.example/objects/0123abcd-0123-4567-89ab-0123456789ab/artwork-1024.jpeg",
        sizes: "1024x1024",
        type: "image/jpeg",
      },
    ]);
  });

  it("when the site keeps no artwork for it, then the lock screen gets none (never the feed's address)", () => {
    expect(mediaArtwork(null, "https://show.example")).toEqual([]);
  });
});

describe("where the player starts and stops", () => {
  const episode = (slug: string, durationSeconds: number | null = 600) => ({
    slug,
    title: slug,
    audioUrl: `https://cdn.example/${slug}.mp3`,
    imagePath: null,
    durationSeconds,
    showName: "Show",
  });
  const remembered = (positions: Record<string, number>) =>
    ({ rate: () => null, setRate: () => {}, position: (slug: string) => positions[slug] ?? null, setPosition: () => {} }) as const;

  it("when a link names a moment with an end, then play starts at its start and pauses at its end, once", async () => {
    const audio = fakeAudio();
    player.attach(audio as unknown as HTMLAudioElement);
    player.remember(remembered({ moment: 300 }));
    player.offerMoment("moment", { start: 95, end: 100 });
    await player.play(episode("moment"));
    expect(audio.currentTime).toBe(95);
    audio.currentTime = 99;
    player.sync({ currentTime: 99, isPlaying: true });
    expect(audio.paused).toBe(false);
    audio.currentTime = 100.2;
    player.sync({ currentTime: 100.2, isPlaying: true });
    expect(audio.paused).toBe(true);
    // Played on, it does not stop there again, nor go back to the moment.
    await player.play(episode("moment"));
    expect(audio.currentTime).toBe(100.2);
    player.sync({ currentTime: 101, isPlaying: true });
    expect(audio.paused).toBe(false);
  });

  it("when there is no moment, then play resumes where the visitor left the episode; a moment past the end is none", async () => {
    const audio = fakeAudio();
    player.attach(audio as unknown as HTMLAudioElement);
    player.remember(remembered({ left: 300 }));
    player.offerMoment("left", { start: 9_999, end: null });
    await player.play(episode("left"));
    expect(audio.currentTime).toBe(300);
  });

  it("when a line or a chapter is chosen after a link's moment, then it wins and the moment is spent", async () => {
    const audio = fakeAudio();
    player.attach(audio as unknown as HTMLAudioElement);
    player.remember(remembered({}));
    player.offerMoment("cue", { start: 95, end: 100 });
    await player.play(episode("cue"), 40);
    expect(audio.currentTime).toBe(40);
    player.pause();
    audio.currentTime = 45;
    player.sync({ currentTime: 45, isPlaying: false });
    await player.play(episode("cue"));
    expect(audio.currentTime).toBe(45);
  });
});
