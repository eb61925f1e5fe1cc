import type { PodcastNs } from "feedsmith";
import type { PersonInput } from "../people";
import type { ShowLinks } from "../../../shared/identity";
import { SLUG_MAX_LENGTH, slugify } from "../../../shared/slug";
import { words, type Words } from "../../platform/http/errors";
import { cleanTitle, collapse, webUrl } from "./fields";
import type { NoteText } from "./notes";

/**
 * What the Podcasting 2.0 tags say besides an episode's own fields (docs/product.md "Listening"):
 * the people (podcast:person), the support links (podcast:funding), where listeners talk
 * (podcast:socialInteract) and the shows recommended (podcast:podroll). Real feeds carry hundreds
 * of person tags, nameless ones, addresses that are not web addresses: what cannot be used is left
 * out and said in a note, and the feed is read all the same.
 */

/** A person as a feed names them (the people room's input, so the two cannot drift apart). */
export type FeedPerson = PersonInput;

/** Something of the feed left out, in words the owner can act on (the sync result's `skipped`). */
export type Note = (title: NoteText, reason: Words) => void;

/** More people than any item credits: past it, a feed repeats tags or lists a whole network. */
const PEOPLE_PER_LIST = 50;
const MAX_FUNDING = 5;
const MAX_PODROLL = 20;
const FIELD = { name: 100, role: 50, label: 100 } as const;

const lower = (text: string | undefined, fallback: string) =>
  collapse(text ?? "")
    .toLowerCase()
    .slice(0, FIELD.role) || fallback;

/**
 * The people of an item or the channel, in the feed's order: a tag without a name is left out, the
 * same person in the same role once, and at most PEOPLE_PER_LIST of them; each left out is noted
 * under `title` (the item's, or the show's).
 */
export function peopleOf(persons: PodcastNs.Person[] | undefined, title: NoteText, note: Note): FeedPerson[] {
  const out: FeedPerson[] = [];
  const seen = new Set<string>();
  let nameless = 0;
  let beyond = 0;
  for (const person of persons ?? []) {
    const name = cleanTitle(person.display).slice(0, FIELD.name).trim();
    if (!name) {
      nameless++;
      continue;
    }
    const nameKey = collapse(name.normalize("NFKC").toLowerCase());
    const role = lower(person.role, "host");
    const group = lower(person.group, "cast");
    if (seen.has(`${nameKey}\u0000${role}`)) continue;
    if (out.length >= PEOPLE_PER_LIST) {
      beyond++;
      continue;
    }
    seen.add(`${nameKey}\u0000${role}`);
    out.push({
      name,
      nameKey,
      slugBase: slugify(name, SLUG_MAX_LENGTH - 6),
      role,
      group,
      img: webUrl(person.img)?.href ?? null,
      href: webUrl(person.href)?.href ?? null,
    });
  }
  if (nameless > 0) note(title, words("feedReport.namelessPeople", { count: nameless }));
  if (beyond > 0) note(title, words("feedReport.tooManyPeople", { most: PEOPLE_PER_LIST, count: beyond }));
  return out;
}

/**
 * Where listeners talk about the item: the first podcast:socialInteract (by its priority, lower
 * first) with a web address; none when any of its tags turns comments off (protocol "disabled").
 */
export function discussionOf(tags: PodcastNs.SocialInteract[] | undefined): string | null {
  const all = tags ?? [];
  if (all.some((t) => t.protocol?.trim().toLowerCase() === "disabled")) return null;
  const ordered = [...all].sort((a, b) => (a.priority ?? Number.MAX_SAFE_INTEGER) - (b.priority ?? Number.MAX_SAFE_INTEGER));
  for (const tag of ordered) {
    const url = webUrl(tag.uri);
    if (url) return url.href;
  }
  return null;
}

const shown = (raw: string) => (raw.length > 100 ? `${raw.slice(0, 100)}…` : raw);

/** The channel's support links and recommended shows; a support link that is not a web address is noted and left out. */
export function showLinksOf(fundings: PodcastNs.Funding[] | undefined, podroll: PodcastNs.Podroll | undefined, note: Note): ShowLinks {
  const funding: ShowLinks["funding"] = [];
  for (const tag of fundings ?? []) {
    const url = webUrl(tag.url);
    if (!url) {
      note(words("feedReport.supportLink"), words("feedReport.supportLinkAddress", { address: shown(tag.url ?? "") }));
      continue;
    }
    if (funding.length < MAX_FUNDING && !funding.some((f) => f.url === url.href))
      funding.push({ url: url.href, label: cleanTitle(tag.display).slice(0, FIELD.label) });
  }
  const shows: ShowLinks["podroll"] = [];
  for (const item of podroll?.remoteItems ?? []) {
    const url = webUrl(item.feedUrl);
    if (url && shows.length < MAX_PODROLL && !shows.some((s) => s.url === url.href))
      shows.push({ url: url.href, title: cleanTitle(item.title).slice(0, FIELD.label) });
  }
  return { funding, podroll: shows };
}
