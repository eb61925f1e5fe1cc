import { describe, expect, it } from "vitest";
import { mediaArtwork } from "./player-store";

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
