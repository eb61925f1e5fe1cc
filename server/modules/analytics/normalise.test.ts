import { describe, expect, it } from "vitest";
import { campaignOf, foldText, pageOf, searchText, sourceOf } from "./normalise";

describe("only pages of the site are recorded", () => {
  it("when the path is a fixed public page, then it is kept as the site writes it (trailing slash, query and fragment dropped)", () => {
    expect(pageOf("/")).toEqual({ path: "/" });
    expect(pageOf("/about/")).toEqual({ path: "/about" });
    expect(pageOf("/listen?utm_source=x#top")).toEqual({ path: "/listen" });
    expect(pageOf("/archive?page=3&q=pain")).toEqual({ path: "/archive" });
  });

  it("when the path is an episode's or a clip's, then its slug comes with it", () => {
    expect(pageOf("/episode/pain-and-the-brain?t=90")).toEqual({ path: "/episode/pain-and-the-brain", episode: "pain-and-the-brain" });
    expect(pageOf("/clips/why-pain-protects")).toEqual({ path: "/clips/why-pain-protects", clip: "why-pain-protects" });
  });

  it("when the path is no page, an admin page, the audition page, or a slug that cannot be one, then it is dropped", () => {
    for (const path of [
      "",
      "about",
      "/wp-login.php",
      "/admin",
      "/admin/analytics",
      "/episodes",
      "/editors",
      "/episode/",
      "/episode/Not_A_Slug",
      "/episode/a/b",
      `/episode/${"a".repeat(121)}`,
      "/clips/%E0%A4%A",
      "//evil.example/",
    ]) {
      expect(pageOf(path), path).toBeNull();
    }
  });
});

describe("texts are normalised and capped", () => {
  it("when a search is typed in capitals with spaces, then it is kept lower-cased, trimmed and with single spaces", () => {
    expect(searchText("  Chronic   PAIN \n")).toBe("chronic pain");
    expect(searchText("   ")).toBeNull();
  });

  it("when a text is longer than its cap, then it is cut there without splitting a character", () => {
    expect(foldText("x".repeat(500), 100)).toHaveLength(100);
    const emoji = foldText("😀".repeat(150), 100);
    expect(Array.from(emoji)).toHaveLength(100);
    expect(emoji).toBe("😀".repeat(100));
  });

  it("when right-to-left text is searched, then it is kept as typed (folded only)", () => {
    expect(searchText("  ألم   مزمن ")).toBe("ألم مزمن");
  });

  it("when a search or a campaign holds bidirectional overrides, isolates, marks or control characters, then they are removed", () => {
    expect(searchText("\u202Eniap cinorhc\u202C")).toBe("niap cinorhc");
    expect(searchText("pain\u2066\u2067\u2068x\u2069\u200E\u200F\u061C")).toBe("painx");
    expect(searchText("pain\u0000\u0007\u001Bbrain\u007F")).toBe("pain brain");
    expect(sourceOf({ referrer: "", utm: "news\u202Eletter" }, "podcast.example")).toBe("newsletter");
  });
});

describe("where a visit came from", () => {
  const own = "podcast.example";
  it("when another site sent the visitor, then its host is the source, without www.", () => {
    expect(sourceOf({ referrer: "www.Google.com" }, own)).toBe("google.com");
    expect(sourceOf({ referrer: "news.ycombinator.com" }, own)).toBe("news.ycombinator.com");
  });

  it("when the address names a campaign, then utm_source wins over the referrer", () => {
    expect(sourceOf({ referrer: "t.co", utm: "  Newsletter  " }, own)).toBe("newsletter");
  });

  it("when the first page's address names a campaign, then it is the visit's campaign, folded; without one, or on a later page, there is none", () => {
    expect(campaignOf({ referrer: "t.co", utm: "  Spring\u202E PROMO " })).toBe("spring promo");
    expect(campaignOf({ referrer: "", utm: "newsletter" })).toBe("newsletter");
    expect(campaignOf({ referrer: "t.co" })).toBeNull();
    expect(campaignOf({ referrer: "", utm: "   " })).toBeNull();
    expect(campaignOf({ utm: "newsletter" })).toBeNull();
  });

  it("when nothing sent the visitor, then the source is direct; a page reached from the site itself has none", () => {
    expect(sourceOf({ referrer: "" }, own)).toBe("direct");
    expect(sourceOf({}, own)).toBeNull();
    expect(sourceOf({ utm: "newsletter" }, own)).toBeNull();
    expect(sourceOf({ referrer: own }, own)).toBeNull();
  });

  it("when the referrer is not a host name, then it is folded into other", () => {
    expect(sourceOf({ referrer: "<script>alert(1)</script>" }, own)).toBe("other");
    expect(sourceOf({ referrer: `${"a".repeat(64)}.example` }, own)).toBe("other");
    expect(sourceOf({ referrer: "a..b" }, own)).toBe("other");
  });
});
