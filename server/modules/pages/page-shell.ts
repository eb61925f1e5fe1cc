import { DEFAULT_LANGUAGE, textDirection } from "../../../shared/languages";
import type { Theme } from "../../../shared/theme";
import { bodyTheme } from "../../../shared/theme-style";

export interface PageHead {
  title: string;
  description: string;
  /** Path under PUBLIC_URL, e.g. "/clips/why-pain". */
  path: string;
  noindex?: boolean;
  ogType: "website" | "video.other" | "article";
  /** The share image; a square one (the show's artwork) makes a "summary" card, a wide one a large one. */
  image?: { url: string; width: number; height: number; alt: string; card?: "summary" | "summary_large_image" };
  jsonLd?: Record<string, unknown>;
  /** Images the first paint needs, preloaded with high priority. */
  preloadImages?: { href: string; media?: string; type?: string; srcSet?: string; sizes?: string }[];
  /** An episode's audio for Open Graph (og:audio). */
  audio?: { url: string; type: string | null };
  /** Other links of the page: the previous and next pages of a list. */
  links?: { rel: "prev" | "next"; path: string }[];
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON inside <script>: no text can close the element or open a comment, whatever a title holds
 * (`</script>`, `<!--`), and the line separators JavaScript once rejected are escaped too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export interface ParsedShell {
  head: string;
  bodyRest: string;
}

/** The entry stylesheet link Vite writes into index.html. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="(\/assets\/[\w.-]+\.css)">/g;

/**
 * Splits the built index.html once: its own title, description and theme colour are replaced per
 * page. With `readStylesheet`, the entry stylesheet goes into the page as a `<style>` (the whole
 * of it is the first screen's CSS, about 7 KB compressed): the first paint waits on no request.
 * A stylesheet it cannot read stays a link.
 */
export function parseShell(html: string, readStylesheet?: (href: string) => string | null): ParsedShell {
  const styled = readStylesheet
    ? html.replace(STYLESHEET, (link, href: string) => {
        const css = readStylesheet(href);
        return css === null || /<\/style/i.test(css) ? link : `<style>${css}</style>`;
      })
    : html;
  const withoutDefaults = styled
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name="description"[^>]*>\s*/i, "")
    .replace(/<meta\s+name="theme-color"[^>]*>\s*/i, "")
    .replace(/<link\s+rel="icon"[^>]*>\s*/i, "");
  const headEnd = withoutDefaults.indexOf("</head>");
  const bodyOpen = /<body[^>]*>/i.exec(withoutDefaults);
  if (headEnd === -1 || !bodyOpen) throw new Error("index.html has no </head> or <body>");
  return {
    head: withoutDefaults.slice(0, headEnd),
    bodyRest: withoutDefaults.slice(bodyOpen.index + bodyOpen[0].length),
  };
}

export function renderPage(
  shell: ParsedShell,
  options: {
    head: PageHead;
    publicUrl: string;
    siteName: string;
    theme: Theme | null;
    initialData: unknown;
    appHtml?: string;
    artwork?: string | null;
    /** Scripts of the page to fetch beside the entry (modules/pages/route-chunks.ts). */
    modulePreloads?: string[];
    /** The show's feed (rss_url): every page names it, so a browser or a reader finds where to subscribe. */
    feedUrl?: string | null;
    /** The page's language and its words for the browser (the site's catalogue, compiled); English when absent. */
    language?: { tag: string; messages: Record<string, unknown> };
  },
): string {
  const { head, publicUrl, siteName } = options;
  const url = publicUrl + head.path;
  const { className, vars } = bodyTheme(options.theme);
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta name="theme-color" content="${escapeHtml(vars["--bg-start"] ?? "#000000")}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    // The site's icons: the show's artwork when it has one, else the shipped one.
    ...(options.artwork
      ? [
          `<link rel="icon" type="image/png" sizes="32x32" href="${escapeHtml(options.artwork)}/icon-32.png" />`,
          `<link rel="apple-touch-icon" href="${escapeHtml(options.artwork)}/icon-180.png" />`,
        ]
      : [`<link rel="icon" href="/favicon.svg" type="image/svg+xml" />`]),
    `<link rel="manifest" href="/manifest.webmanifest" />`,
    options.feedUrl
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(siteName)}" href="${escapeHtml(options.feedUrl)}" />`
      : "",
    head.noindex ? `<meta name="robots" content="noindex" />` : "",
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta name="twitter:card" content="${head.image?.card ?? (head.image ? "summary_large_image" : "summary")}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    ...(head.image
      ? [
          `<meta property="og:image" content="${escapeHtml(head.image.url)}" />`,
          `<meta property="og:image:width" content="${head.image.width}" />`,
          `<meta property="og:image:height" content="${head.image.height}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(head.image.alt)}" />`,
          `<meta name="twitter:image" content="${escapeHtml(head.image.url)}" />`,
          `<meta name="twitter:image:alt" content="${escapeHtml(head.image.alt)}" />`,
        ]
      : []),
    ...(head.audio
      ? [
          `<meta property="og:audio" content="${escapeHtml(head.audio.url)}" />`,
          head.audio.type ? `<meta property="og:audio:type" content="${escapeHtml(head.audio.type)}" />` : "",
        ]
      : []),
    ...(head.links ?? []).map((link) => `<link rel="${link.rel}" href="${escapeHtml(publicUrl + link.path)}" />`),
    ...(head.preloadImages ?? []).map(
      (img) =>
        `<link rel="preload" as="image" href="${escapeHtml(img.href)}"${img.srcSet ? ` imagesrcset="${escapeHtml(img.srcSet)}" imagesizes="${escapeHtml(img.sizes ?? "100vw")}"` : ""}${img.media ? ` media="${escapeHtml(img.media)}"` : ""}${img.type ? ` type="${escapeHtml(img.type)}"` : ""} fetchpriority="high" />`,
    ),
    ...(options.modulePreloads ?? []).map((src) => `<link rel="modulepreload" crossorigin href="${escapeHtml(src)}" />`),
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>` : "",
  ].filter(Boolean);
  const style = Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(";");
  const body = `<body${className ? ` class="${escapeHtml(className)}"` : ""} style="${escapeHtml(style)}">`;
  const language = options.language ?? { tag: DEFAULT_LANGUAGE, messages: {} };
  const data =
    `<script type="application/json" id="messages">${scriptJson(language.messages)}</script>` +
    `<script type="application/json" id="initial-data">${scriptJson(options.initialData)}</script>`;
  const rest = options.appHtml
    ? shell.bodyRest.replace('<div id="root"></div>', () => `<div id="root">${options.appHtml}</div>`)
    : shell.bodyRest;
  const html = `<html lang="${escapeHtml(language.tag)}" dir="${textDirection(language.tag)}">`;
  return `${shell.head.replace(/<html[^>]*>/i, html)}    ${tags.join("\n    ")}\n  </head>\n  ${body}\n    ${data}${rest}`;
}
