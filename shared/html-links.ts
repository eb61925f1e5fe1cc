/**
 * The links the site keeps in the HTML it stores (the footer, an episode's show notes): the
 * server's sanitiser keeps only these (server/platform/text/sanitize.ts), and the show notes'
 * editor holds no other (docs/decisions/019-show-notes-editor.md).
 */

/**
 * Links to the web, mail, phone, this site's paths and anchors. No backslash anywhere: browsers
 * read `/\evil.example/` as `//evil.example/`, another host.
 */
const SAFE_URI = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)[^\\]*$/i;

/** A link's address kept only when it is one of SAFE_URI's (surrounding spaces ignored, as browsers do). */
export const safeHref = (href: string | undefined) => (href !== undefined && SAFE_URI.test(href.trim()) ? href.trim() : undefined);

/** The schemes of a link the owner types or pastes into the notes: the web and e-mail. */
const TYPED_SCHEMES = new Set(["http:", "https:", "mailto:"]);
const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** Whether a typed address without a scheme is an e-mail address (name@host.tld), read without a pattern. */
function isBareEmail(value: string): boolean {
  const at = value.lastIndexOf("@");
  return at > 0 && !value.includes("/") && value.slice(at + 1).includes(".");
}

/**
 * The address of a link the owner types or pastes into the show notes, or null when it is not one
 * they may link: http, https and mailto only. A bare address gets its scheme (`example.com/x` is
 * `https://example.com/x`, `name@example.com` is `mailto:name@example.com`); what they typed is
 * otherwise kept as it is, once it reads as a whole address.
 */
export function typedLinkHref(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value)) return null;
  const href = HAS_SCHEME.test(value) ? value : isBareEmail(value) ? `mailto:${value}` : `https://${value}`;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!TYPED_SCHEMES.has(url.protocol)) return null;
  const whole = url.protocol === "mailto:" ? url.pathname.includes("@") : url.hostname.includes(".") || url.hostname.startsWith("[");
  return whole ? (safeHref(href) ?? null) : null;
}
