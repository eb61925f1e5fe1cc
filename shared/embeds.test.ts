import { describe, expect, it } from "vitest";
import { isHttpUrl, isSpotifyEmbedUrl, isYouTubeEmbedUrl, toYouTubeEmbedUrl, youTubePlayerUrl, youTubeVideoId } from "./embeds";

describe("toYouTubeEmbedUrl", () => {
  it("when given the short form, then it becomes {host}/embed/{id}", () => {
    expect(toYouTubeEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
  });
  it("when given the watch form, then it becomes {host}/embed/{id} on the same host", () => {
    expect(toYouTubeEmbedUrl("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("https://m.youtube.com/embed/dQw4w9WgXcQ");
  });
  it("when the link has a time, then `t` becomes `start` in seconds and start, end and si stay; other parameters go", () => {
    expect(toYouTubeEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?start=42");
    expect(toYouTubeEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s&list=PL1&index=2")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?start=90");
    expect(toYouTubeEmbedUrl("https://youtu.be/dQw4w9WgXcQ?si=AbC-12_x&t=10")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?start=10&si=AbC-12_x");
    expect(toYouTubeEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&start=5&end=20")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?start=5&end=20");
  });
  it("when the id is not yet whole (a link typed key by key), then nothing converts", () => {
    const typed = "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s";
    for (let i = typed.indexOf("v=") + 2; i < typed.indexOf("v=") + 13; i++) expect(toYouTubeEmbedUrl(typed.slice(0, i))).toBe(typed.slice(0, i));
    expect(toYouTubeEmbedUrl("https://youtu.be/dQw4")).toBe("https://youtu.be/dQw4");
  });
  it("when an embed link had `&t=42s` typed onto its path, then it is put right", () => {
    expect(toYouTubeEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ&t=42s")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ?start=42");
    expect(isYouTubeEmbedUrl(toYouTubeEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ&t=42s"))).toBe(true);
  });
  it("when the URL is already an embed, blank, or has no video id, then it stays unchanged", () => {
    expect(toYouTubeEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(toYouTubeEmbedUrl("")).toBe("");
    expect(toYouTubeEmbedUrl("https://www.youtube.com/channel/xyz")).toBe("https://www.youtube.com/channel/xyz");
    expect(toYouTubeEmbedUrl("not a url")).toBe("not a url");
  });
});

describe("youTubePlayerUrl", () => {
  it("when the admin's embed has start, end or si, then the player keeps them and drops anything else", () => {
    expect(youTubePlayerUrl("https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&end=90&si=abc&autoplay=0&mute=1")).toBe(
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&end=90&si=abc&autoplay=1&rel=0",
    );
    expect(youTubePlayerUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    expect(youTubePlayerUrl("https://www.youtube.com/embed/dQw4w9WgXcQ?start=abc")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0");
    expect(youTubePlayerUrl("https://example.com/embed/dQw4w9WgXcQ")).toBeNull();
  });
});

describe("embed allowlists", () => {
  it("when a YouTube embed has an 11-character id over https, then it is accepted, otherwise not", () => {
    expect(youTubeVideoId("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(isYouTubeEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ?start=5")).toBe(true);
    expect(isYouTubeEmbedUrl("https://www.youtube.com/embed/short")).toBe(false);
    expect(isYouTubeEmbedUrl("http://www.youtube.com/embed/dQw4w9WgXcQ")).toBe(false);
    expect(isYouTubeEmbedUrl("https://youtube.com.evil.example/embed/dQw4w9WgXcQ")).toBe(false);
    expect(isYouTubeEmbedUrl("https://user:pw@www.youtube.com/embed/dQw4w9WgXcQ")).toBe(false);
  });
  it("when a Spotify URL is an open.spotify.com embed, then it is accepted, otherwise not", () => {
    expect(isSpotifyEmbedUrl("https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk?utm_source=generator")).toBe(true);
    expect(isSpotifyEmbedUrl("https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk")).toBe(false);
    expect(isSpotifyEmbedUrl("https://open.spotify.com.evil.example/embed/episode/4rOoJ6Egrf8K2IrywzwOMk")).toBe(false);
  });
  it("when a URL is http or https, then isHttpUrl holds; javascript: and ftp: do not", () => {
    expect(isHttpUrl("https://a.example/x")).toBe(true);
    expect(isHttpUrl("javascript:alert(1)")).toBe(false);
    expect(isHttpUrl("ftp://a.example")).toBe(false);
  });
});
