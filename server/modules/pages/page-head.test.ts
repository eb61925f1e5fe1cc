import { describe, expect, it } from "vitest";
import { buildPageHead } from "./page-head";
import { translator } from "../languages";
import { clipShareInput } from "../share-images/inputs";
import { clip, episode, NO_IMAGES, site } from "../../test/pages";

const ctx = { site, publicUrl: "https://show.example", shareKey: () => "KEY", t: translator("en").t, locale: "en" };
const ART = "/objects/0123abcd-0123-4567-89ab-0123456789ab";
const SHOW_ART = "/objects/fedc0123-0123-4567-89ab-0123456789ab";

describe("buildPageHead", () => {
  it("when the page is home, then the title is the site's name, with the share image, banners and PodcastSeries JSON-LD", () => {
    const head = buildPageHead({ route: "home" }, ctx);
    expect(head).toMatchObject({ title: "Pain Talk", description: "A show about pain.", path: "/", ogType: "website" });
    expect(head.image?.url).toBe("https://show.example/share.png?v=KEY");
    expect(head.preloadImages).toHaveLength(2);
    expect(head.jsonLd).toMatchObject({
      "@type": "PodcastSeries",
      name: "Pain Talk",
      url: "https://show.example/",
      webFeed: "https://feeds.example.com/show.xml",
    });
  });

  it("when the page is a fixed public page, then the route table's label names it and noindex follows the table", () => {
    expect(buildPageHead({ route: "about" }, ctx)).toMatchObject({
      title: "About · Pain Talk",
      path: "/about",
      noindex: undefined,
      jsonLd: undefined,
    });
    expect(buildPageHead({ route: "editors" }, ctx)).toMatchObject({ title: "Editor audition · Pain Talk", noindex: true });
  });

  it("when the page is a clip's, then it carries one VideoObject, the clip's share image and its own description", () => {
    const head = buildPageHead({ route: "clip", clip }, ctx);
    expect(head).toMatchObject({
      title: "Why pain · Pain Talk",
      description: "About pain.",
      path: "/clips/why-pain",
      ogType: "video.other",
    });
    expect(head.image).toEqual({
      url: "https://show.example/clips/why-pain/share.png?v=KEY",
      width: 1200,
      height: 630,
      alt: "“Pain protects.”",
    });
    expect(head.jsonLd).toEqual({
      "@context": "https://schema.org",
      "@type": "VideoObject",
      inLanguage: "en",
      name: "Why pain",
      description: "About pain.",
      uploadDate: "2026-01-02T03:04:05.000Z",
      duration: "PT5M",
      url: "https://show.example/clips/why-pain",
      thumbnailUrl: ["https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"],
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
    });
  });

  it("when a clip's thumbnail is kept here, then the VideoObject's thumbnail is that copy, not the video host's", () => {
    const head = buildPageHead({ route: "clip", clip: { ...clip, posterPath: ART } }, ctx);
    expect((head.jsonLd as { thumbnailUrl: string[] }).thumbnailUrl).toEqual([`https://show.example${ART}/poster-520.jpeg`]);
  });

  it("when an episode has artwork kept here, then its PodcastEpisode's image is that copy, never the feed's address", () => {
    const own = buildPageHead({ route: "episode", episode: { ...episode, imagePath: ART } }, ctx).jsonLd as Record<string, unknown>;
    expect(own.image).toBe(`https://show.example${ART}/artwork-1024.jpeg`);
    const withShowArt = { ...ctx, site: { ...site, identity: { ...site.identity, images: { ...NO_IMAGES, artwork: SHOW_ART } } } };
    expect((buildPageHead({ route: "episode", episode }, withShowArt).jsonLd as Record<string, unknown>).image).toBe(
      `https://show.example${SHOW_ART}/artwork-1024.jpeg`,
    );
    const none = buildPageHead({ route: "episode", episode }, ctx).jsonLd as Record<string, unknown>;
    expect(none).not.toHaveProperty("image");
    expect(JSON.stringify(none)).not.toContain("feed-host.example");
  });

  it("when a clip has a meta description, then it wins over the description; with neither, the key quote, then the site's", () => {
    expect(buildPageHead({ route: "clip", clip: { ...clip, metaDescription: "Meta." } }, ctx).description).toBe("Meta.");
    expect(buildPageHead({ route: "clip", clip: { ...clip, description: "" } }, ctx).description).toBe("Pain protects.");
    expect(buildPageHead({ route: "clip", clip: { ...clip, description: "", keyQuote: "" } }, ctx).description).toBe("A show about pain.");
  });

  it("when the page is an admin screen or unknown, then it is kept out of search engines, without a share image", () => {
    expect(buildPageHead({ route: "adminClips" }, ctx)).toEqual({
      title: "Clip Management · Pain Talk",
      description: "A show about pain.",
      path: "/admin/clips",
      noindex: true,
      ogType: "website",
    });
    expect(buildPageHead({ route: null, path: "/nope" }, ctx)).toEqual({
      title: "Page not found · Pain Talk",
      description: "A show about pain.",
      path: "/nope",
      noindex: true,
      ogType: "website",
    });
  });

  it("when the show has its artwork, then the site's pages share it (a square, as a summary card)", () => {
    const withArt = {
      ...site,
      identity: { ...site.identity, images: { ...NO_IMAGES, artwork: "/objects/0123abcd-0123-4567-89ab-0123456789ab" } },
    };
    expect(buildPageHead({ route: "about" }, { ...ctx, site: withArt }).image).toEqual({
      url: "https://show.example/objects/0123abcd-0123-4567-89ab-0123456789ab/artwork-1024.jpeg",
      width: 1024,
      height: 1024,
      alt: "Pain Talk",
      card: "summary",
    });
  });

  it("when the share image's input changes, then the image address changes with its key", () => {
    const head = buildPageHead({ route: "clip", clip }, { ...ctx, shareKey: (input) => input.headline });
    expect(head.image?.url).toBe("https://show.example/clips/why-pain/share.png?v=Pain protects.");
    expect(clipShareInput({ ...clip, keyQuote: "" }, site)).toMatchObject({
      headline: "Why pain",
      isQuote: false,
      footer: "Pain Talk · Why pain",
    });
  });

  it("when the page is a person's, then it has their name, roles and episode count, and a JSON-LD Person with their kept picture and link", () => {
    const head = buildPageHead(
      {
        route: "person",
        person: {
          person: { slug: "ann-lee", name: "Ann Lee", href: "https://ann.example/", imagePath: ART, roles: ["host", "guest"] },
          episodes: [episode],
        },
      },
      ctx,
    );
    expect(head.title).toBe("Ann Lee · Pain Talk");
    expect(head.path).toBe("/people/ann-lee");
    expect(head.description).toBe("Ann Lee (Host, Guest) on Pain Talk: 1 episode.");
    expect(head.jsonLd).toEqual({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Ann Lee",
      url: "https://show.example/people/ann-lee",
      image: `https://show.example${ART}/photo-480.jpeg`,
      sameAs: ["https://ann.example/"],
      jobTitle: "Host, Guest",
    });
  });

  it("when the site is in German, then a person's roles are said in German (the person page's words), and a role the catalogue lacks as the feed names it", () => {
    const head = buildPageHead(
      {
        route: "person",
        person: {
          person: { slug: "ann-lee", name: "Ann Lee", href: null, imagePath: null, roles: ["host", "guest", "mixing engineer"] },
          episodes: [episode],
        },
      },
      { ...ctx, t: translator("de").t, locale: "de" },
    );
    expect(head.description).toBe("Ann Lee (Moderation, Gast und Mixing engineer) bei Pain Talk: 1 Folge.");
    expect(head.jsonLd).toMatchObject({ jobTitle: "Moderation, Gast und Mixing engineer" });
  });
});
