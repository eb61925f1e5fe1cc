import { XMLValidator } from "fast-xml-parser";
import { words, type Words } from "../../platform/http/errors";

/**
 * A feed's bytes to checked text: the charset decided as podcast apps decide it, and anything that
 * is not a whole RSS document refused with a message that says what it is instead.
 */

/**
 * The bytes are not a podcast feed (or a file of the feed's is not what it says): `words` say why
 * in words an owner understands, in the owner's language where they read them; `message` is their key.
 */
export class FeedParseError extends Error {
  readonly words: Words;
  constructor(said: Words) {
    super(said.key);
    this.name = "FeedParseError";
    this.words = said;
  }
}

export const notFeed = (why: Words) => new FeedParseError(words("feedReport.notFeed", { why }));
/** The feed's XML is broken: `detail` is the XML reader's own account of where. */
export const notWellFormed = (detail: Words | string) => new FeedParseError(words("feedReport.notWellFormed", { detail }));
/** windows-1252's characters for the bytes 0x80-0x9F (the five it leaves undefined stay as they are). */
const CP1252_C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const isUtf8 = (label: string) => /^utf-?8$/i.test(label);

/**
 * Bytes to text. A UTF-8 or UTF-16 byte order mark decides; otherwise a charset other than UTF-8
 * named by the Content-Type or the XML declaration (ISO-8859-1, windows-1252...), unless the other
 * one says UTF-8 and the bytes are valid UTF-8; otherwise UTF-8, or windows-1252 when the bytes
 * are not valid UTF-8 (old feeds that never said).
 */
export function decode(body: Buffer, contentType: string | null | undefined): string {
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder("utf-16le").decode(body);
  if (body[0] === 0xfe && body[1] === 0xff) return new TextDecoder("utf-16be").decode(body);
  const head = body.subarray(0, 512).toString("latin1");
  const declared = /^\uFEFF?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  const sent = /;\s*charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
  const labels = [sent, declared].filter((label): label is string => !!label);
  let utf8: string | null = null;
  try {
    utf8 = new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    // Not valid UTF-8: a single-byte charset below.
  }
  const other = labels.find((label) => !isUtf8(label));
  if (utf8 !== null && (!other || labels.some(isUtf8))) return utf8;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(other ?? "windows-1252");
  } catch {
    decoder = new TextDecoder("windows-1252");
  }
  const text = decoder.decode(body);
  // Node's TextDecoder reads windows-1252 (and ISO-8859-1, its WHATWG alias) as ISO-8859-1,
  // leaving C1 controls where curly quotes, dashes and the euro sign belong.
  return decoder.encoding === "windows-1252" ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80]!) : text;
}

/** The root element's name, past the XML declaration, comments and a DOCTYPE ("html" for a web page). */
function rootName(text: string): string | null {
  let rest = text.trimStart();
  for (;;) {
    if (rest.startsWith("<?")) rest = rest.slice(rest.indexOf("?>") + 2);
    else if (rest.startsWith("<!--")) rest = rest.slice(rest.indexOf("-->") + 3);
    else if (/^<!doctype\s+html/i.test(rest)) return "html";
    else if (/^<!doctype[^>[]*\[/i.test(rest)) rest = rest.slice(rest.indexOf("]>") + 2);
    else if (/^<!doctype/i.test(rest)) rest = rest.slice(rest.indexOf(">") + 1);
    else break;
    rest = rest.trimStart();
  }
  return /^<([a-z_][\w.-]*:)?([a-z_][\w.-]*)/i.exec(rest)?.[2]?.toLowerCase() ?? null;
}

/** Refuses what is not an RSS document, naming what it is instead. */
export function checkRss(text: string): void {
  const trimmed = text.trim();
  if (!trimmed) throw notFeed(words("feedReport.emptyFile"));
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) throw notFeed(words("feedReport.json"));
  const root = rootName(trimmed);
  if (root === "html") throw notFeed(words("feedReport.webPage"));
  if (root === "feed") throw notFeed(words("feedReport.atom"));
  if (root === null) throw notFeed(words("feedReport.notXml"));
  if (root !== "rss") throw notFeed(words("feedReport.otherXml", { root }));
  // The XML reader forgives missing end tags at the end of a document, so a download cut short
  // would pass as a feed with fewer episodes.
  if (!/<\/(?:[\w-]+:)?rss\s*>/i.test(trimmed)) throw notWellFormed(words("feedReport.noClosingTag"));
  // Nor does it mind tags that do not nest: such a file is broken, whatever it would yield.
  // Lesser faults real feeds carry (a bare "&", an unquoted attribute) are forgiven, as podcast
  // apps forgive them.
  const checked = XMLValidator.validate(trimmed);
  if (checked !== true && (checked.err.code === "InvalidTag" || checked.err.code === "InvalidXml")) {
    throw notWellFormed(words("feedReport.xmlErrorAt", { detail: checked.err.msg, line: checked.err.line }));
  }
}
