import { describe, expect, it } from "vitest";
import { safeHref, typedLinkHref } from "./html-links";

describe("typedLinkHref", () => {
  it("when the owner types a web or e-mail address, then it is the link, a bare one with its scheme", () => {
    expect(typedLinkHref("https://example.com/episode?x=1#t")).toBe("https://example.com/episode?x=1#t");
    expect(typedLinkHref(" http://example.com ")).toBe("http://example.com");
    expect(typedLinkHref("mailto:host@example.com")).toBe("mailto:host@example.com");
    expect(typedLinkHref("example.com/shop")).toBe("https://example.com/shop");
    expect(typedLinkHref("host@example.com")).toBe("mailto:host@example.com");
  });

  it("when the address is of another scheme, has a backslash or is not whole, then it is no link", () => {
    for (const typed of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<b>x</b>",
      "vbscript:x",
      "tel:+15551234",
      "ftp://example.com/file",
      "/about",
      "#chapters",
      "https://ok.example\\@evil.example",
      "https://localhost",
      "https://",
      "mailto:",
      "example",
      "two words.com",
      "",
    ]) {
      expect(typedLinkHref(typed), typed).toBeNull();
    }
  });

  it("when an address is a link the owner may type, then it is one the server keeps", () => {
    for (const typed of ["https://example.com", "example.com", "name@example.com", "http://[::1]:8080/x"]) {
      const href = typedLinkHref(typed);
      expect(href, typed).not.toBeNull();
      expect(safeHref(href!), typed).toBe(href);
    }
  });
});
