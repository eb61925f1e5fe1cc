import { safeHref } from "../../../shared/html-links";
import { lazily } from "../runtime/lazy-require";

const sanitizeHtml = lazily<typeof import("sanitize-html")>("sanitize-html");

/** docs/product.md: an allowlist of harmless tags and attributes for the footer. */
const FOOTER_TAGS = ["a", "p", "br", "strong", "b", "em", "i", "u", "s", "small", "span", "div", "ul", "ol", "li", "h2", "h3", "h4"];

/**
 * The footer's allowlist with sanitize-html: an HTML tokenizer, no DOM, so a feed's thousands of
 * notes cost little memory and time. Scripts, styles and other elements whose text is not text
 * go with their content; other unknown tags leave their words.
 */
function sanitizeWith(html: string, link: (attribs: Record<string, string>) => Record<string, string>): string {
  return sanitizeHtml()(html, {
    allowedTags: FOOTER_TAGS,
    allowedAttributes: { a: ["href", "title", "target", "rel"], "*": ["title"] },
    // The address is judged by safeHref (shared/html-links.ts) in the transform below; every scheme passes this first gate.
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

/** The SVG namespace: a standalone image/svg+xml document draws nothing without it. */
const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Attributes every drawing element may carry: presentation (paint, strokes, text, clipping and
 * masking by reference) and identity (id, class), nothing that names a resource or a script.
 */
const SVG_COMMON_ATTRIBUTES = (
  "id class style transform xml:space fill fill-opacity fill-rule stroke stroke-width " +
  "stroke-opacity stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray " +
  "stroke-dashoffset opacity color display visibility overflow clip-path clip-rule mask " +
  "paint-order vector-effect shape-rendering text-rendering color-interpolation stop-color " +
  "stop-opacity font-family font-size font-weight font-style font-variant font-stretch " +
  "text-anchor dominant-baseline alignment-baseline baseline-shift letter-spacing " +
  "word-spacing text-decoration writing-mode direction unicode-bidi"
).split(" ");
const BOX = ["x", "y", "width", "height"];
const TEXT_POSITION = ["x", "y", "dx", "dy", "rotate", "textLength", "lengthAdjust"];
const GRADIENT = ["gradientUnits", "gradientTransform", "spreadMethod"];

/**
 * The drawing's elements with their geometry, names case-sensitive as XML is (viewBox,
 * linearGradient). Left out, among others: script, style, foreignObject, use, image, a, filter and
 * every fe* primitive, pattern, marker, animation (set, animate*); href and xlink:href nowhere.
 */
const SVG_ELEMENTS: Record<string, string[]> = {
  svg: ["viewBox", "preserveAspectRatio", "version", ...BOX],
  g: [],
  defs: [],
  title: [],
  desc: [],
  symbol: ["viewBox", "preserveAspectRatio", "refX", "refY", ...BOX],
  path: ["d", "pathLength"],
  circle: ["cx", "cy", "r", "pathLength"],
  ellipse: ["cx", "cy", "rx", "ry", "pathLength"],
  line: ["x1", "y1", "x2", "y2", "pathLength"],
  polyline: ["points", "pathLength"],
  polygon: ["points", "pathLength"],
  rect: ["rx", "ry", "pathLength", ...BOX],
  text: TEXT_POSITION,
  tspan: TEXT_POSITION,
  linearGradient: ["x1", "y1", "x2", "y2", ...GRADIENT],
  radialGradient: ["cx", "cy", "r", "fx", "fy", "fr", ...GRADIENT],
  stop: ["offset"],
  clipPath: ["clipPathUnits"],
  mask: ["maskUnits", "maskContentUnits", ...BOX],
};

/**
 * Elements that go with everything in them: their content is code, another document, or drawing
 * that only makes sense inside them (a filter's primitives, a pattern's tile, a marker's arrow).
 */
const SVG_DROPPED_WITH_CONTENT = ["script", "style", "foreignObject", "filter", "pattern", "marker", "iframe", "template"];

/**
 * The CSS functions a value may call besides url(#id) (LOCAL_URL): colours, arithmetic and
 * transforms. Any other, url() to anywhere else, image-set(), element(), blur() and the like,
 * takes the attribute with it.
 */
const CSS_FUNCTIONS = new Set([
  "",
  ..."rgb rgba hsl hsla hwb lab lch oklab oklch color calc min max clamp var matrix translate scale rotate skewx skewy".split(" "),
]);
/** A reference to an element of the same document: url(#id), the only url() kept. */
const LOCAL_URL = /(?<![\w-])url\(\s*(["']?)#[^"'()\s]+\1\s*\)/gi;

/**
 * Whether an attribute's value (entities decoded, as the browser reads it) is safe to keep: no
 * backslash (CSS escapes would hide a name from these checks), no address with a scheme, and only
 * allowed CSS functions, url() only to an element of this document. A style attribute also goes
 * when it names a filter.
 */
function safeSvgValue(name: string, value: string): boolean {
  if (value.includes("\\") || /(?:javascript|vbscript|data)\s*:/i.test(value)) return false;
  if (name === "style" && /filter/i.test(value)) return false;
  const rest = value.replace(LOCAL_URL, "");
  // In each word, what comes before a "(" is a function's name ("" for a bare parenthesis).
  return rest.split(/[\s),;:'"]+/).every((word) =>
    word
      .split("(")
      .slice(0, -1)
      .every((fn) => CSS_FUNCTIONS.has(fn.toLowerCase())),
  );
}

/**
 * SVG uploads, with the same sanitize-html (htmlparser2) as the footer, read as XML: names keep
 * their case, `<x/>` closes itself, CDATA is text. An allowlist of drawing elements and
 * attributes: scripts, event handlers, foreign objects, links (a, use, image, href, xlink:href)
 * and every outside address go. Filters go too, as elements, as the `filter` attribute and as a
 * `style` property (which CSS lets be written with escapes, so a style with a backslash goes
 * whole): a few bytes of feMorphology or blur() cost the rasteriser seconds to minutes of CPU per
 * size drawn. A DOCTYPE, its entities, comments and processing instructions are not kept, so no
 * entity is ever expanded. The result is served as a standalone image/svg+xml document; without
 * an svg root it is null.
 */
export function sanitizeSvg(svg: string): string | null {
  const clean = sanitizeHtml()(svg, {
    allowedTags: Object.keys(SVG_ELEMENTS),
    allowedAttributes: { ...SVG_ELEMENTS, "*": SVG_COMMON_ATTRIBUTES },
    parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true, decodeEntities: true },
    // Every element is written with its closing tag, which XML and HTML read alike.
    selfClosing: [],
    allowedSchemes: [],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    // Style attributes are judged by safeSvgValue and kept as written.
    parseStyleAttributes: false,
    nonBooleanAttributes: ["*"],
    nonTextTags: SVG_DROPPED_WITH_CONTENT,
    // Text outside the allowed elements goes: the words of a dropped <a> or <p>, and anything around the root.
    disallowedTagsMode: "completelyDiscard",
    transformTags: {
      "*": (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(Object.entries(attribs).filter(([name, value]) => safeSvgValue(name, value))),
      }),
    },
  }).trim();
  if (!/^<svg[\s>]/.test(clean)) return null;
  return clean.replace(/^<svg/, `<svg xmlns="${SVG_NS}"`);
}
