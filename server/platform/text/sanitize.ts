import createDOMPurify, { type DOMPurify } from "dompurify";
import { lazily } from "../runtime/lazy-require";

const jsdom = lazily<typeof import("jsdom")>("jsdom");
const sanitizeHtml = lazily<typeof import("sanitize-html")>("sanitize-html");

/** docs/product.md: an allowlist of harmless tags and attributes for the footer. */
const FOOTER_TAGS = ["a", "p", "br", "strong", "b", "em", "i", "u", "s", "small", "span", "div", "ul", "ol", "li", "h2", "h3", "h4"];
/**
 * Links to the web, mail, phone, this site's paths and anchors. No backslash anywhere: browsers
 * read `/\evil.example/` as `//evil.example/`, another host.
 */
const SAFE_URI = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)[^\\]*$/i;

/** A link's address kept only when it is one of SAFE_URI's (surrounding spaces ignored, as browsers do). */
const safeHref = (href: string | undefined) => (href !== undefined && SAFE_URI.test(href.trim()) ? href.trim() : undefined);

/**
 * The footer's allowlist with sanitize-html: an HTML tokenizer, no DOM, so a feed's thousands of
 * notes cost little memory and time. Scripts, styles and other elements whose text is not text
 * go with their content; other unknown tags leave their words.
 */
function sanitizeWith(html: string, link: (attribs: Record<string, string>) => Record<string, string>): string {
  return sanitizeHtml()(html, {
    allowedTags: FOOTER_TAGS,
    allowedAttributes: { a: ["href", "title", "target", "rel"], "*": ["title"] },
    // The address is judged by SAFE_URI in the transform below; every scheme passes this first gate.
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowProtocolRelative: false,
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "title", "iframe", "noembed", "noframes", "xmp"],
    transformTags: {
      a: (tagName, attribs) => {
        const { href, title } = attribs;
        const kept: Record<string, string> = {};
        const safe = safeHref(href);
        if (safe !== undefined) kept.href = safe;
        if (title !== undefined) kept.title = title;
        return { tagName, attribs: link(kept) };
      },
    },
  });
}

export function sanitizeFooterHtml(html: string): string {
  return sanitizeWith(html, (attribs) => attribs);
}

/**
 * An episode's show notes: the footer's allowlist, and every link to another site opens in a new
 * tab without handing it this page (noopener, noreferrer) or our reputation (nofollow, ugc).
 */
export function sanitizeShowNotes(html: string): string {
  return sanitizeWith(html, (attribs) =>
    /^https?:/i.test(attribs.href ?? "") ? { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow ugc" } : attribs,
  );
}

/** The footer's tags that separate words when read as text; the others are inline. */
const BLOCK_TAG = /<\/?(?:p|br|div|ul|ol|li|h2|h3|h4)\b[^>]*>/gi;
/** What the sanitiser escapes in text; every other entity comes out as its character. */
const ESCAPES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&nbsp;": " ", "&quot;": '"' };

/**
 * The text of HTML that came out of sanitizeFooterHtml, without a second pass through the DOM:
 * only the allowlist's tags are left, and only the characters above are escaped.
 */
export function sanitizedHtmlToText(clean: string): string {
  return clean
    .replace(BLOCK_TAG, " ")
    .replace(/<[^<>]*>/g, "")
    .replace(/&(?:amp|lt|gt|nbsp|quot);/g, (entity) => ESCAPES[entity]!)
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The text of an HTML fragment (a feed's show notes, for a plain-text description): tags dropped,
 * entities decoded, scripts and styles left out with their content, whitespace collapsed.
 */
export function htmlToText(html: string): string {
  return sanitizedHtmlToText(sanitizeFooterHtml(html));
}

let svgPurifier: DOMPurify | undefined;

/**
 * SVG uploads: DOMPurify's SVG profile drops scripts, event handlers, foreign objects and
 * external references. Filters go too, as elements, as the `filter` attribute and as a `style`
 * property (which CSS lets be written with escapes, so a style with a backslash goes whole): a
 * few bytes of feMorphology or blur() cost the rasteriser seconds to minutes of CPU per size
 * drawn. The result is served as a standalone image/svg+xml document.
 */
export function sanitizeSvg(svg: string): string | null {
  if (!svgPurifier) {
    const { window } = new (jsdom().JSDOM)("");
    svgPurifier = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    svgPurifier.addHook("uponSanitizeAttribute", (_node, data) => {
      if (data.attrName === "style" && /filter|\\/i.test(data.attrValue)) data.keepAttr = false;
    });
  }
  const clean = svgPurifier.sanitize(svg, {
    USE_PROFILES: { svg: true },
    FORBID_TAGS: ["foreignObject", "use", "image", "a", "style", "filter"],
    FORBID_ATTR: ["href", "xlink:href", "filter"],
  });
  const trimmed = clean.trim();
  if (!/^<svg[\s>]/i.test(trimmed)) return null;
  // A standalone SVG file needs its namespace; the HTML parser used by DOMPurify drops it.
  return /^<svg[^>]*\sxmlns=/i.test(trimmed) ? trimmed : trimmed.replace(/^<svg/i, '<svg xmlns="http://www.w3.org/2000/svg"');
}
