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

  /** Cases where what goes is matched by `gone` and each of `kept` is still in the output. */
  const stripped: { when: string; then: string; svg: string; gone: RegExp; kept: string[] }[] = [
    {
      when: "an SVG carries filters (elements, primitives, the attribute, or a style property, escaped or not)",
      then: "none is kept and the drawing stays",
      svg:
        '<svg viewBox="0 0 1 1"><defs><filter id="f"><feMorphology radius="900"/><feGaussianBlur stdDeviation="99"/></filter></defs>' +
        '<rect width="1" height="1" fill="blue" filter="url(#f)"/><circle r="1" style="fill: red; filter: blur(300px)"/>' +
        '<circle r="2" style="f\\69lter: blur(300px)"/><ellipse rx="1" ry="1" style="FILTER:drop-shadow(0 0 9px red)"/><path d="M0 0" style="fill: green"/></svg>',
      gone: /filter|fe[A-Z]|blur|drop-shadow|\\/i,
      kept: ['<rect width="1" height="1" fill="blue">', 'style="fill: green"'],
    },
    {
      when: "an SVG links to javascript:",
      then: "the link goes and the drawing inside it stays",
      svg: '<svg><a href="javascript:alert(1)" xlink:href="javascript:alert(2)"><rect width="1"/></a></svg>',
      gone: /<a|href|javascript/i,
      kept: ['<rect width="1"></rect>'],
    },
    {
      when: "an SVG uses, images or references elements by href",
      then: "no use, image or href is kept",
      svg:
        '<svg><defs><path id="x" d="M0 0"/><linearGradient id="g" href="#h" xlink:href="#h"/></defs><use href="#x"/><use xlink:href="#x"/>' +
        '<image href="https://evil.example/x.png"/><image xlink:href="data:image/png;base64,AA"/></svg>',
      gone: /<use|<image|href|evil|data:/i,
      kept: ['<path id="x" d="M0 0"></path>'],
    },
    {
      when: "a paint, clip or mask points to another host by url(), in an attribute or a style",
      then: "it goes and only url(#local) is kept",
      svg:
        '<svg><rect style="fill:url(http://evil.example/p)" fill="url(#g)" stroke="URL(https://evil.example/s#a)" clip-path="url(\'#c\')"' +
        ' mask="url(//evil.example/m)"/><circle fill="url(#x) red" stroke="&#x75;rl(http://evil.example/e)" mask="url( #m )"' +
        ' style="stroke: image-set(\'http://evil.example/i\' 1x)"/><ellipse clip-path="url(data:image/svg+xml,x)" fill="rgb(1, 2, 3)"/></svg>',
      gone: /evil|data:|image-set|style=/i,
      kept: [
        '<rect fill="url(#g)" clip-path="url(\'#c\')"></rect>',
        '<circle fill="url(#x) red" mask="url( #m )"></circle>',
        '<ellipse fill="rgb(1, 2, 3)"></ellipse>',
      ],
    },
  ];
  for (const { when, then, svg, gone, kept } of stripped) {
    it(`when ${when}, then ${then}`, () => {
      const out = sanitizeSvg(svg)!;
      expect(out).not.toMatch(gone);
      for (const part of kept) expect(out).toContain(part);
    });
  }

  /** Cases whose whole output is `out`. */
  const rewritten: { when: string; then: string; svg: string; out: string }[] = [
    {
      when: "an SVG has event handlers in any case",
      then: "none is kept",
      svg: '<svg ONLOAD="x()" onLoad="y()"><rect width="1" OnClick="z()" onmouseover="w()"/></svg>',
      out: '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1"></rect></svg>',
    },
    {
      when: "a script hides inside a group",
      then: "it goes with its content and the group stays",
      svg: '<svg><g id="a"><script>alert(1)<rect/></script><SCRIPT>alert(2)</SCRIPT><circle r="1"/></g></svg>',
      out: '<svg xmlns="http://www.w3.org/2000/svg"><g id="a"><circle r="1"></circle></g></svg>',
    },
    {
      when: "an SVG holds CDATA, comments and processing instructions",
      then: "CDATA is escaped text and the others go",
      svg:
        '<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/s.css"?><!-- c --><svg><text><![CDATA[<script>alert(1)</script> & more]]></text>' +
        "<?php echo 1 ?><!-- <script>alert(2)</script> --></svg>",
      out: '<svg xmlns="http://www.w3.org/2000/svg"><text>&lt;script&gt;alert(1)&lt;/script&gt; &amp; more</text></svg>',
    },
    {
      when: "an SVG declares entities in its DOCTYPE (billion laughs)",
      then: "the DOCTYPE goes and no entity is expanded",
      svg:
        '<!DOCTYPE svg [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">' +
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><svg><text>&lol3;</text></svg>',
      out: '<svg xmlns="http://www.w3.org/2000/svg"><text>&amp;lol3;</text></svg>',
    },
    {
      when: "an SVG uses camelCase names (viewBox, linearGradient, gradientUnits)",
      then: "they keep their case",
      svg:
        '<svg viewBox="0 0 2 2" preserveAspectRatio="xMidYMid meet"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse" gradientTransform="rotate(45)">' +
        '<stop offset="0" stop-color="red"/></linearGradient><clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="1"/></clipPath></defs>' +
        '<rect width="2" height="2" fill="url(#g)" clip-path="url(#c)"/></svg>',
      out:
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2 2" preserveAspectRatio="xMidYMid meet"><defs>' +
        '<linearGradient id="g" gradientUnits="userSpaceOnUse" gradientTransform="rotate(45)"><stop offset="0" stop-color="red"></stop></linearGradient>' +
        '<clipPath id="c" clipPathUnits="objectBoundingBox"><rect width="1" height="1"></rect></clipPath></defs>' +
        '<rect width="2" height="2" fill="url(#g)" clip-path="url(#c)"></rect></svg>',
    },
    {
      when: "an SVG declares another namespace for its root",
      then: "the root is given the SVG namespace instead",
      svg: '<svg xmlns="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink"><rect/></svg>',
      out: '<svg xmlns="http://www.w3.org/2000/svg"><rect></rect></svg>',
    },
  ];
  for (const { when, then, svg, out } of rewritten) {
    it(`when ${when}, then ${then}`, () => {
      expect(sanitizeSvg(svg)).toBe(out);
    });
  }
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
