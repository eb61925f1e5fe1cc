import { describe, expect, it } from "vitest";
import { parseShell, renderPage, scriptJson } from "./page-shell";

const shell = parseShell(
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>',
);
const page = (appHtml: string) =>
  renderPage(shell, {
    head: { title: "T", description: "D", path: "/", ogType: "website" },
    publicUrl: "https://show.example",
    siteName: "Show",
    theme: null,
    initialData: {},
    appHtml,
  });

describe("renderPage", () => {
  it("when the first paint holds $ patterns ($', $&, $$), then they stay text and the shell stays whole", () => {
    const html = page("<h2>Costs $$5 &amp; $' end $& and $`</h2>");
    expect(html).toContain('<div id="root"><h2>Costs $$5 &amp; $\' end $& and $`</h2></div>');
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });

  it("when the route has chunks of its own, then the head names each as a modulepreload, beside the entry", () => {
    const html = renderPage(shell, {
      head: { title: "T", description: "D", path: "/", ogType: "website" },
      publicUrl: "https://show.example",
      siteName: "Show",
      theme: null,
      initialData: {},
      modulePreloads: ["/assets/episode-page-X1.js", "/assets/share-Y2.js"],
    });
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/episode-page-X1.js" />');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/share-Y2.js" />');
  });

  it("when JSON goes into a script, then nothing in it can close the element", () => {
    expect(scriptJson({ t: "</script><!--\u2028" })).toBe('{"t":"\\u003c/script\\u003e\\u003c!--\\u2028"}');
  });
});

describe("parseShell", () => {
  const built =
    '<!doctype html><html><head><title>x</title><link rel="stylesheet" crossorigin href="/assets/index-A1.css"></head><body><div id="root"></div></body></html>';

  it("when the entry stylesheet can be read, then the page carries it in a <style> and links no stylesheet", () => {
    const { head } = parseShell(built, (href) => (href === "/assets/index-A1.css" ? "body{margin:0}" : null));
    expect(head).toContain("<style>body{margin:0}</style>");
    expect(head).not.toContain('rel="stylesheet"');
  });

  it("when the stylesheet cannot be read, or holds </style>, then the link stays", () => {
    expect(parseShell(built, () => null).head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-A1.css">');
    expect(parseShell(built, () => "a{}</style><script>").head).toContain('rel="stylesheet"');
  });
});
