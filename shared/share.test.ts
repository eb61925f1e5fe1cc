import { describe, expect, it } from "vitest";
import { facebookShareUrl, instagramShareUrl, linkedInShareUrl, xShareUrl } from "./share";

const url = "https://example.com/clips/why-pain?x=1";

describe("share links", () => {
  it("when the clip has a key quote, then the X link carries the quote in quotation marks and the page URL", () => {
    const link = new URL(xShareUrl({ url, title: "Why pain", keyQuote: "Pain is a protector" }));
    expect(link.origin + link.pathname).toBe("https://x.com/intent/tweet");
    expect(link.searchParams.get("text")).toBe('"Pain is a protector"');
    expect(link.searchParams.get("url")).toBe(url);
  });

  it("when the clip has no key quote, then the X link carries the title", () => {
    const link = new URL(xShareUrl({ url, title: "Why pain & learning", keyQuote: "  " }));
    expect(link.searchParams.get("text")).toBe("Why pain & learning");
  });

  it("when sharing to Facebook or LinkedIn, then the page URL is encoded into their share endpoints", () => {
    expect(new URL(facebookShareUrl({ url, title: "t" })).searchParams.get("u")).toBe(url);
    expect(facebookShareUrl({ url, title: "t" })).toContain("https://www.facebook.com/sharer/sharer.php?u=");
    expect(new URL(linkedInShareUrl({ url, title: "t" })).searchParams.get("url")).toBe(url);
  });

  it("when sharing to Instagram, then only its home page opens", () => {
    expect(instagramShareUrl()).toBe("https://www.instagram.com/");
  });
});
