import type { SiteKey } from "./locales/parts";

/**
 * The roles of the Podcast Taxonomy a feed most often gives (podcast:person, lower case), in the
 * page's words; another role is shown as the feed names it, capitalised. The pages and the
 * server's head (a person's description and JSON-LD) both say them.
 */
const ROLE_LABELS: Record<string, SiteKey> = {
  host: "role.host",
  "co-host": "role.coHost",
  "guest host": "role.guestHost",
  guest: "role.guest",
  producer: "role.producer",
  "executive producer": "role.executiveProducer",
  editor: "role.editor",
  writer: "role.writer",
  composer: "role.composer",
  "sound designer": "role.soundDesigner",
};

/** A role as the feed names it ("guest", "co-host"), as a page shows it: "Guest", "Co-host" in English. */
export function roleLabel(role: string, t: (key: SiteKey) => string): string {
  const key = Object.hasOwn(ROLE_LABELS, role) ? ROLE_LABELS[role] : undefined;
  return key ? t(key) : role.charAt(0).toUpperCase() + role.slice(1);
}
