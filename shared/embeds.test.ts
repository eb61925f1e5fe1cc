import { describe, expect, it } from "vitest";
import { isHttpUrl, isSpotifyEmbedUrl, isYouTubeEmbedUrl, toYouTubeEmbedUrl, youTubeVideoId } from "./embeds";

describe("toYouTubeEmbedUrl", () => {
  it("when given the short form, then it becomes {host}/embed/{id}", () => {
    expect(toYouTubeEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
  });
  it("when given the watch form, then it becomes {host}/embed/{id} on the same host", () => {
    expect(toYouTubeEmbedUrl("https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(toYouTubeEmbedUrl("https://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("https://m.youtube.com/embed/dQw4w9WgXcQ");
  });
  it("when the URL is already an embed, blank, or has no video id, then it stays unchanged", () => {
    expect(toYouTubeEmbedUrl("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(toYouTubeEmbedUrl("")).toBe("");
    expect(toYouTubeEmbedUrl("https://www.youtube.com/channel/xyz")).toBe("https://www.youtube.com/channel/xyz");
    expect(toYouTubeEmbedUrl("not a url")).toBe("not a url");
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
