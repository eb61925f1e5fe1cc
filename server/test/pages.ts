import type { Clip, Episode } from "../../shared/api";
import type { Site } from "../modules/pages/page-data";

/** A site, a clip and an episode as the page service and the head builder read them (unit tests). */
export const NO_IMAGES = { bannerDesktop: null, bannerMobile: null, artwork: null };
export const site: Site = {
  values: { rss_url: "https://feeds.example.com/show.xml" },
  providers: [],
  theme: null,
  name: "Pain Talk",
  description: "A show about pain.",
  identity: {
    about: { title: "", intro: "", hosts: [] },
    images: NO_IMAGES,
    links: { funding: [], podroll: [] },
    versions: { about: 0, images: 0 },
  },
};
export const clip: Clip = {
  id: 1,
  slug: "why-pain",
  title: "Why pain",
  description: "About pain.",
  content: "",
  keyQuote: "Pain protects.",
  youtubeEmbedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
  posterPath: null,
  metaDescription: "",
  isPublished: true,
  sortOrder: "1",
  createdAt: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z",
  version: 1,
};
export const episode: Episode = {
  id: 7,
  slug: "the-ache",
  title: "The ache",
  description: "On aches.",
  spotifyEmbedUrl: null,
  audioUrl: "https://cdn.example/ache.mp3",
  audioType: "audio/mpeg",
  durationSeconds: 600,
  publishedAt: "2024-01-01T10:00:00.000Z",
  imageUrl: "https://feed-host.example/art/ache.jpg",
  imagePath: null,
  source: "feed",
  guid: "ache",
  seasonNumber: null,
  episodeNumber: 3,
  episodeType: "full",
  link: null,
  transcriptUrl: null,
  chaptersUrl: null,
  discussionUrl: null,
  metaDescription: "",
  isPublished: true,
  sortOrder: "1",
  createdAt: "2026-01-02T03:04:05.000Z",
  updatedAt: "2026-01-02T03:04:05.000Z",
  version: 1,
};
