import { describe, expect, it } from "vitest";
import { findPlatformIcon, PLATFORM_ICONS } from "./provider-icons";

describe("findPlatformIcon", () => {
  it("when a class name is spelled the usual ways, then the same icon is found", () => {
    for (const name of ["fab fa-spotify", "fa-brands fa-spotify", "fa-spotify", "spotify", "Spotify", "si-spotify", "fab fa-spotify fa-2x"]) {
      expect(findPlatformIcon(name)?.id, name).toBe("spotify");
    }
  });
  it("when each platform is named, then its icon is found", () => {
    expect(findPlatformIcon("fab fa-apple")?.id).toBe("apple-podcasts");
    expect(findPlatformIcon("Apple Podcasts")?.id).toBe("apple-podcasts");
    expect(findPlatformIcon("fab fa-youtube")?.id).toBe("youtube");
    expect(findPlatformIcon("youtube-music")?.id).toBe("youtube-music");
    expect(findPlatformIcon("fab fa-amazon")?.id).toBe("amazon-music");
    expect(findPlatformIcon("pocket-casts")?.id).toBe("pocket-casts");
    expect(findPlatformIcon("overcast")?.id).toBe("overcast");
    expect(findPlatformIcon("castbox")?.id).toBe("castbox");
    expect(findPlatformIcon("podcast-addict")?.id).toBe("podcast-addict");
    expect(findPlatformIcon("fas fa-rss")?.id).toBe("rss");
    expect(findPlatformIcon("fab fa-podcast")?.id).toBe("podcast");
    expect(findPlatformIcon("fas fa-microphone")?.id).toBe("podcast");
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
