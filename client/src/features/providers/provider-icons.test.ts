import { describe, expect, it } from "vitest";
import { findPlatformIcon, PLATFORM_ICONS } from "./provider-icons";

describe("findPlatformIcon", () => {
  it("when a class name is spelled the usual ways, then the same icon is found", () => {
    for (const name of [
      "fab fa-spotify",
      "fa-brands fa-spotify",
      "fa-spotify",
      "spotify",
      "Spotify",
      "si-spotify",
      "fab fa-spotify fa-2x",
    ]) {
      expect(findPlatformIcon(name)?.id, name).toBe("spotify");
    }
  });
  it("when each platform is named, then its icon is found", () => {
    const names = [
      ["fab fa-apple", "apple-podcasts"],
      ["Apple Podcasts", "apple-podcasts"],
      ["fab fa-youtube", "youtube"],
      ["youtube-music", "youtube-music"],
      ["fab fa-amazon", "amazon-music"],
      ["pocket-casts", "pocket-casts"],
      ["overcast", "overcast"],
      ["castbox", "castbox"],
      ["podcast-addict", "podcast-addict"],
      ["fas fa-rss", "rss"],
      ["fab fa-podcast", "podcast"],
      ["fas fa-microphone", "podcast"],
    ] as const;
    for (const [name, id] of names) expect(findPlatformIcon(name)?.id, name).toBe(id);
  });
  it("when the name is unknown, then no icon is found", () => {
    expect(findPlatformIcon("fab fa-myspace")).toBeNull();
    expect(findPlatformIcon("")).toBeNull();
  });
  it("when the icons are listed, then each has a path and its id finds it back", () => {
    expect(PLATFORM_ICONS).toHaveLength(11);
    for (const icon of PLATFORM_ICONS) {
      expect(icon.path.length).toBeGreaterThan(50);
      expect(findPlatformIcon(icon.id)).toBe(icon);
    }
  });
});
