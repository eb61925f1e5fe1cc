import { describe, expect, it } from "vitest";
import { href, isAdminRoute, matchRoute, ROUTE_NAMES, ROUTES } from "./routes";

describe("the route table", () => {
  it("when a fixed page's path is matched, then its route comes back without parameters", () => {
    expect(matchRoute("/")).toEqual({ name: "home", params: {} });
    expect(matchRoute("/about")).toEqual({ name: "about", params: {} });
    expect(matchRoute("/admin/clips")).toEqual({ name: "adminClips", params: {} });
  });

  it("when a clip's path is matched, then its slug comes back as it was written (still encoded)", () => {
    expect(matchRoute("/clips/why-pain")).toEqual({ name: "clip", params: { slug: "why-pain" } });
    expect(matchRoute("/clips/%C3%A7a")).toEqual({ name: "clip", params: { slug: "%C3%A7a" } });
  });

  it("when a path has an empty parameter, an extra segment or no route, then nothing matches", () => {
    for (const path of ["/clips/", "/clips", "/clips/a/b", "/nope", "/about/x", "/admin/", ""]) expect(matchRoute(path)).toBeNull();
  });

  it("when the admin area is asked for, then its seven screens are the admin routes and no public page is", () => {
    expect(ROUTE_NAMES.filter(isAdminRoute).map((n) => ROUTES[n].path)).toEqual([
      "/admin",
      "/providers",
      "/episodes",
      "/admin/clips",
      "/admin/editors",
      "/admin/about",
      "/admin/auditions",
      "/admin/analytics",
      "/admin/messages",
      "/admin/people-with-access",
    ]);
    expect(ROUTE_NAMES.filter(isAdminRoute).every((n) => ROUTES[n].noindex)).toBe(true);
  });

  it("when a link to an episode names a moment, then it carries ?t= in whole seconds; the start or none leaves it out", () => {
    expect(href.episode("the-ache", 75.6)).toBe("/episode/the-ache?t=75");
    expect(href.episode("the-ache", 0)).toBe("/episode/the-ache");
    expect(href.episode("the-ache", null)).toBe("/episode/the-ache");
    expect(href.episode("a b")).toBe("/episode/a%20b");
  });

  it("when a link to a clip is made, then its slug is escaped", () => {
    expect(href.clip("a b/c")).toBe("/clips/a%20b%2Fc");
    expect(matchRoute(href.clip("a b/c"))).toEqual({ name: "clip", params: { slug: "a%20b%2Fc" } });
  });

  it("when a person's page or a season's archive is linked, then the slug is escaped and page 1 and no season are left out", () => {
    expect(href.person("ann-lee")).toBe("/people/ann-lee");
    expect(matchRoute("/people/ann-lee")).toEqual({ name: "person", params: { slug: "ann-lee" } });
    expect(href.archive({ season: 2 })).toBe("/archive?season=2");
    expect(href.archive({ season: 0, page: 3, q: "pain" })).toBe("/archive?q=pain&season=0&page=3");
    expect(href.archive({ season: null })).toBe("/archive");
  });
});
