import { describe, expect, it } from "vitest";
import { pageTitle, siteNameOf } from "./page-titles";
import { DEFAULT_PODCAST_TITLE } from "./site";

describe("page titles", () => {
  it("when a page has a label, then its title is the label and the site's name", () => {
    // The label as the page says it, in its language (a route label from the catalogue, a title).
    expect(pageTitle("Listen", "Pain Talk")).toBe("Listen · Pain Talk");
    expect(pageTitle("Why Pain Is a Protector", "Pain Talk")).toBe("Why Pain Is a Protector · Pain Talk");
  });
  it("when the page is home, then the title is the site's name alone", () => {
    expect(pageTitle(undefined, "Pain Talk")).toBe("Pain Talk");
  });
  it("when no podcast title is stored, then the default name is used", () => {
    expect(siteNameOf("")).toBe(DEFAULT_PODCAST_TITLE);
    expect(siteNameOf("Mine")).toBe("Mine");
  });
});
