import type { ServerTranslate } from "../languages";

/** What the owner is told about: a new hand-in or a new message from a listener. */
type NoticeKind = "hand-in" | "message";

export interface Notice {
  kind: NoticeKind;
  /** The hand-in's or the message's id. */
  id: string;
  /** One line naming it for the owner: who sent what. */
  summary: string;
}

export interface NoticeMail {
  subject: string;
  text: string;
  html: string;
}

/** The site the e-mail is about: its name, and its address (PUBLIC_URL) for the links. */
export interface NoticeSite {
  name: string;
  publicUrl: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A line of the HTML part, with `url` in it made a link. */
const linkedLine = (line: string, url: string) =>
  escapeHtml(line).replace(escapeHtml(url), `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);

const LINKS = { "hand-in": "/admin/auditions", message: "/admin/messages" } as const;

/**
 * The owner's e-mail about `notices` (docs/product.md "E-mail"), in the site's language (`say`):
 * one notice, an e-mail about it; several, one digest listing them by kind, with the absolute
 * links to the admin's lists. Plain text, and the same as simple HTML.
 */
export function composeNoticeMail(notices: readonly Notice[], say: ServerTranslate, site: NoticeSite): NoticeMail {
  const groups = (["hand-in", "message"] as const)
    .map((kind) => ({ kind, url: `${site.publicUrl}${LINKS[kind]}`, items: notices.filter((n) => n.kind === kind) }))
    .filter((group) => group.items.length > 0);
  const link = (kind: NoticeKind, url: string) =>
    kind === "hand-in" ? say("notice.link.handIns", { url }) : say("notice.link.messages", { url });
  const heading = (kind: NoticeKind, count: number) =>
    kind === "hand-in" ? say("notice.heading.handIns", { count }) : say("notice.heading.messages", { count });
  const footer = say("notice.footer", { site: site.name });

  if (notices.length === 1) {
    const [notice] = notices as [Notice];
    const { url } = groups[0]!;
    const hand = notice.kind === "hand-in";
    const subject = hand
      ? say("notice.subject.handIn", { summary: notice.summary })
      : say("notice.subject.message", { summary: notice.summary });
    const intro = hand ? say("notice.intro.handIn", { site: site.name }) : say("notice.intro.message", { site: site.name });
    const text = [intro, "", notice.summary, "", link(notice.kind, url), "", "-- ", footer].join("\n");
    const html = [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><strong>${escapeHtml(notice.summary)}</strong></p>`,
      `<p>${linkedLine(link(notice.kind, url), url)}</p>`,
      `<p style="color:#666">${escapeHtml(footer)}</p>`,
    ].join("\n");
    return { subject, text, html };
  }

  const count = notices.length;
  const subject = say("notice.subject.digest", { count, site: site.name });
  const intro = say("notice.intro.digest", { count, site: site.name });
  const text = [
    intro,
    ...groups.flatMap((g) => ["", heading(g.kind, g.items.length), ...g.items.map((n) => `- ${n.summary}`), "", link(g.kind, g.url)]),
    "",
    "-- ",
    footer,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...groups.map(
      (g) =>
        `<h2>${escapeHtml(heading(g.kind, g.items.length))}</h2>\n<ul>\n${g.items.map((n) => `<li>${escapeHtml(n.summary)}</li>`).join("\n")}\n</ul>\n<p>${linkedLine(link(g.kind, g.url), g.url)}</p>`,
    ),
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
  ].join("\n");
  return { subject, text, html };
}
