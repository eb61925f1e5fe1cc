import { describe, expect, it } from "vitest";
import { htmlToText, sanitizeFooterHtml, sanitizeSvg } from "./sanitize";

const XSS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  "<svg onload=alert(1)>",
  '<iframe src="javascript:alert(1)"></iframe>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<form action="https://evil.example"><input name=x></form>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
];

describe("sanitizeFooterHtml", () => {
  it("when the footer holds known XSS payloads, then no script, handler, javascript: or data: URL survives", () => {
    for (const payload of XSS) {
      const out = sanitizeFooterHtml(`<p>ok</p>${payload}`);
      expect(out, payload).not.toMatch(/<script|onerror|onload|javascript:|data:|<iframe|<form|<input|<img|<svg|style=/i);
    }
  });
  it("when the footer holds harmless formatting and links, then they stay", () => {
    const html =
      '<p>© 2026 <strong>The Show</strong> · <a href="https://example.com/x" title="t">site</a> <a href="mailto:a@b.c">mail</a></p>';
    expect(sanitizeFooterHtml(html)).toBe(html);
  });
  it("when a footer link holds a backslash, then the href is dropped (browsers read /\\host as //host)", () => {
    for (const href of ["/\\evil.example/", "/\\/evil.example", "https://ok.example\\@evil.example", "\\\\evil.example"]) {
      const out = sanitizeFooterHtml(`<a href="${href}">x</a>`);
      expect(out, href).toBe("<a>x</a>");
    }
    expect(sanitizeFooterHtml('<a href="/about">x</a>')).toBe('<a href="/about">x</a>');
    expect(sanitizeFooterHtml('<a href="//evil.example">x</a>')).toBe("<a>x</a>");
  });
});

describe("sanitizeSvg", () => {
  it("when an SVG has scripts, handlers and foreign objects, then only the drawing is kept, with its namespace", () => {
    const out = sanitizeSvg(
      '<svg viewBox="0 0 1 1" onload="x()"><script>x()</script><foreignObject><p>x</p></foreignObject><rect width="1" height="1"/></svg>',
    )!;
    expect(out).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(out).toContain("<rect");
    expect(out).not.toMatch(/script|onload|foreignObject/i);
  });
  it("when the text has no svg root, then it is refused", () => {
    expect(sanitizeSvg("<div>hi</div>")).toBeNull();
  });
  it("when an SVG carries filters (elements, primitives, the attribute, or a style property, escaped or not), then none is kept and the drawing stays", () => {
    const out = sanitizeSvg(
      '<svg viewBox="0 0 1 1"><defs><filter id="f"><feMorphology radius="900"/><feGaussianBlur stdDeviation="99"/></filter></defs>' +
        '<rect width="1" height="1" fill="blue" filter="url(#f)"/><circle r="1" style="fill: red; filter: blur(300px)"/>' +
        '<circle r="2" style="f\\69lter: blur(300px)"/><ellipse rx="1" ry="1" style="FILTER:drop-shadow(0 0 9px red)"/><path d="M0 0" style="fill: green"/></svg>',
    )!;
    expect(out).not.toMatch(/filter|fe[A-Z]|blur|drop-shadow|\\/i);
    expect(out).toContain('<rect width="1" height="1" fill="blue">');
    expect(out).toContain('style="fill: green"');
  });
});

describe("htmlToText", () => {
  it("when notes hold paragraphs, entities and a script, then the text keeps words apart, decodes entities and drops the script", () => {
    const html =
      "<h1>Intro</h1><p>Tom &amp; Jerry&#8217;s&nbsp;show</p><ul><li>one</li><li>two</li></ul><script>alert(1)</script><style>p{}</style>a<br>b";
    expect(htmlToText(html)).toBe("Intro Tom & Jerry\u2019s show one two a b");
  });
  it("when a link is followed by punctuation, then no space is added inside the sentence", () => {
    expect(htmlToText('See <a href="https://x.example">the site</a>.')).toBe("See the site.");
  });
});

describe("sanitizeShowNotes", () => {
  it("when notes link to another site, then the link opens in a new tab without the opener or referrer; other links and scripts are handled as in the footer", async () => {
    const { sanitizeShowNotes } = await import("./sanitize");
    expect(
      sanitizeShowNotes(
        '<p><a href="https://x.example" target="_top" rel="opener">x</a> <a href="/about" target="_blank">us</a><script>1</script></p>',
      ),
    ).toBe('<p><a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow ugc">x</a> <a href="/about">us</a></p>');
  });
});
