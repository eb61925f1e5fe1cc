import { describe, expect, it } from "vitest";
import { isHttpUrl, isSpotifyEmbedUrl, isYouTubeEmbedUrl, youTubePlayerUrl, youTubeVideoId } from "./embeds";
import { toSpotifyEmbedUrl, toYouTubeEmbedUrl } from "./pasted-links";

describe("toYouTubeEmbedUrl", () => {
  it("when given the short form, then it becomes {host}/embed/{id}", () => {
    expect(toYouTubeEmbedUrl("https://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
  });
  it("when given the watch form, on www., m. or music.youtube.com, then it becomes the www.youtube.com embed", () => {
    for (const host of ["www.youtube.com", "youtube.com", "m.youtube.com", "music.youtube.com"]) {
      expect(toYouTubeEmbedUrl(`https://${host}/watch?v=dQw4w9WgXcQ`), host).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    }
    expect(toYouTubeEmbedUrl("https://music.youtube.com/watch?v=dQw4w9WgXcQ&list=RDAMVM1&si=Ab12")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ?si=Ab12",
    );
  });
  it("when given a Shorts or live link, then it becomes the embed, its start and si kept", () => {
    expect(toYouTubeEmbedUrl("https://youtube.com/shorts/dQw4w9WgXcQ")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(toYouTubeEmbedUrl("https://www.youtube.com/shorts/dQw4w9WgXcQ?si=AbC-12_x")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ?si=AbC-12_x",
    );
    expect(toYouTubeEmbedUrl("https://m.youtube.com/shorts/dQw4w9WgXcQ/?feature=share")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    expect(toYouTubeEmbedUrl("https://www.youtube.com/live/dQw4w9WgXcQ?si=xyz&t=95")).toBe(
      "https://www.youtube.com/embed/dQw4w9WgXcQ?start=95&si=xyz",
    );
    expect(toYouTubeEmbedUrl("https://youtube.com/live/dQw4w9WgXcQ")).toBe("https://www.youtube.com/embed/dQw4w9WgXcQ");
    for (const pasted of [
      "https://youtube.com/shorts/dQw4w9WgXcQ",
      "https://www.youtube.com/live/dQw4w9WgXcQ?si=xyz",
      "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
    ]) {
      expect(isYouTubeEmbedUrl(toYouTubeEmbedUrl(pasted)), pasted).toBe(true);
    }
  });
  it("when a Shorts or live link has no whole id, then nothing converts", () => {
    for (const typed of [
      "https://youtube.com/shorts/dQw4w9",
      "https://youtube.com/shorts/",
      "https://www.youtube.com/live/dQw4w9WgXcQ/extra",
      "https://www.youtube.com/live",
    ]) {
      expect(toYouTubeEmbedUrl(typed), typed).toBe(typed);
    }
  });
  it("when the host only looks like YouTube's, then nothing converts and the schema's check refuses it", () => {
    for (const lookalike of [
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "https://notyoutube.com/shorts/dQw4w9WgXcQ",
      "https://music.youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://youtu.be.evil.example/dQw4w9WgXcQ",
      "https://evilyoutu.be/dQw4w9WgXcQ",
    ]) {
      expect(toYouTubeEmbedUrl(lookalike), lookalike).toBe(lookalike);
      expect(isYouTubeEmbedUrl(toYouTubeEmbedUrl(lookalike)), lookalike).toBe(false);
    }
  });
  it("when the link has a time, then `t` becomes `start` in seconds and start, end and si stay; other parameters go", () => {
    for (const [link, embed] of [
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "https://www.youtube.com/embed/dQw4w9WgXcQ?start=42"],
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m30s&list=PL1&index=2", "https://www.youtube.com/embed/dQw4w9WgXcQ?start=90"],
      ["https://youtu.be/dQw4w9WgXcQ?si=AbC-12_x&t=10", "https://www.youtube.com/embed/dQw4w9WgXcQ?start=10&si=AbC-12_x"],
      ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&start=5&end=20", "https://www.youtube.com/embed/dQw4w9WgXcQ?start=5&end=20"],
    ] as const) {
      expect(toYouTubeEmbedUrl(link), link).toBe(embed);
    }
  });
  it("when the id is not yet whole (a link typed key by key), then nothing converts", () => {
    const typed = "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s";
    for (let i = typed.indexOf("v=") + 2; i < typed.indexOf("v=") + 13; i++)
      expect(toYouTubeEmbedUrl(typed.slice(0, i))).toBe(typed.slice(0, i));
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

describe("toSpotifyEmbedUrl", () => {
  const ID = "4rOoJ6Egrf8K2IrywzwOMk";
  it("when given an episode's share link, then it becomes the embed address, its share id and tracking left out", () => {
    expect(toSpotifyEmbedUrl(`https://open.spotify.com/episode/${ID}?si=a1b2c3d4e5f64789`)).toBe(
      `https://open.spotify.com/embed/episode/${ID}`,
    );
    expect(toSpotifyEmbedUrl(`https://open.spotify.com/episode/${ID}`)).toBe(`https://open.spotify.com/embed/episode/${ID}`);
    expect(toSpotifyEmbedUrl(`https://open.spotify.com/episode/${ID}/?si=x&utm_source=copy-link`)).toBe(
      `https://open.spotify.com/embed/episode/${ID}`,
    );
    expect(toSpotifyEmbedUrl(`  https://open.spotify.com/episode/${ID}?si=x  `)).toBe(`https://open.spotify.com/embed/episode/${ID}`);
    expect(isSpotifyEmbedUrl(toSpotifyEmbedUrl(`https://open.spotify.com/episode/${ID}?si=x`))).toBe(true);
  });
  it("when the share link has a language segment (intl-de, intl-pt-br), then it converts the same", () => {
    expect(toSpotifyEmbedUrl(`https://open.spotify.com/intl-de/episode/${ID}?si=x`)).toBe(`https://open.spotify.com/embed/episode/${ID}`);
    expect(toSpotifyEmbedUrl(`https://open.spotify.com/intl-pt-br/episode/${ID}`)).toBe(`https://open.spotify.com/embed/episode/${ID}`);
  });
  it("when the address is already an embed, blank, not an episode or not whole, then it stays as it is", () => {
    for (const kept of [
      `https://open.spotify.com/embed/episode/${ID}?utm_source=generator`,
      "",
      `https://open.spotify.com/show/${ID}`,
      "https://open.spotify.com/episode/4rOoJ6Egrf8",
      `https://open.spotify.com/intl-/episode/${ID}`,
      "not a url",
    ]) {
      expect(toSpotifyEmbedUrl(kept), kept).toBe(kept);
    }
  });
  it("when the host only looks like Spotify's, then nothing converts and the schema's check refuses it", () => {
    for (const lookalike of [
      `https://open.spotify.com.evil.example/episode/${ID}`,
      `https://evil.example/episode/${ID}`,
      `https://open-spotify.com/episode/${ID}`,
      `https://spotify.com/episode/${ID}`,
      `https://user:pw@open.spotify.com/episode/${ID}`,
      `javascript://open.spotify.com/episode/${ID}`,
    ]) {
      expect(toSpotifyEmbedUrl(lookalike), lookalike).toBe(lookalike);
      expect(isSpotifyEmbedUrl(toSpotifyEmbedUrl(lookalike)), lookalike).toBe(false);
    }
  });
});

describe("youTubePlayerUrl", () => {
  it("when the admin's embed has start, end or si, then the player keeps them and drops anything else", () => {
    for (const [embed, player] of [
      [
        "https://www.youtube.com/embed/dQw4w9WgXcQ?start=30&end=90&si=abc&autoplay=0&mute=1",
        "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=30&end=90&si=abc&autoplay=1&rel=0",
      ],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0"],
      ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=abc", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0"],
    ] as const) {
      expect(youTubePlayerUrl(embed), embed).toBe(player);
    }
    expect(youTubePlayerUrl("https://example.com/embed/dQw4w9WgXcQ")).toBeNull();
  });
});

describe("embed allowlists", () => {
  it("when a YouTube embed has an 11-character id, then youTubeVideoId reads it", () => {
    expect(youTubeVideoId("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  });
  const allowlists = [
    {
      when: "a YouTube embed has an 11-character id over https",
      then: "it is accepted, otherwise not",
      accepts: isYouTubeEmbedUrl,
      good: ["https://www.youtube.com/embed/dQw4w9WgXcQ?start=5"],
      bad: [
        "https://www.youtube.com/embed/short",
        "http://www.youtube.com/embed/dQw4w9WgXcQ",
        "https://youtube.com.evil.example/embed/dQw4w9WgXcQ",
        "https://user:pw@www.youtube.com/embed/dQw4w9WgXcQ",
      ],
    },
    {
      when: "a Spotify URL is an open.spotify.com embed",
      then: "it is accepted, otherwise not",
      accepts: isSpotifyEmbedUrl,
      good: ["https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk?utm_source=generator"],
      bad: [
        "https://open.spotify.com/episode/4rOoJ6Egrf8K2IrywzwOMk",
        "https://open.spotify.com.evil.example/embed/episode/4rOoJ6Egrf8K2IrywzwOMk",
      ],
    },
    {
      when: "a URL is http or https",
      then: "isHttpUrl holds; javascript: and ftp: do not",
      accepts: isHttpUrl,
      good: ["https://a.example/x"],
      bad: ["javascript:alert(1)", "ftp://a.example"],
    },
  ];
  for (const { when, then, accepts, good, bad } of allowlists) {
    it(`when ${when}, then ${then}`, () => {
      for (const url of good) expect(accepts(url), url).toBe(true);
      for (const url of bad) expect(accepts(url), url).toBe(false);
    });
  }
});
