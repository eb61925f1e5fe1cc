import { z } from "zod";
import type { AboutContent, AboutHost, Identity, ShowLinks, SiteImages } from "../../../shared/identity";
import { aboutSchema, siteImagesSchema } from "../../../shared/identity-schemas";
import type { PictureKind } from "../../../shared/pictures";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db, Executor } from "../../platform/db/client";
import { staleVersion } from "../../platform/http/errors";
import { getVersionedSettings, lockSetting, putSetting } from "../settings";
import type { PicturesService } from "../pictures";
import type { UploadsService } from "../pictures";

/** Kept in the settings table under keys of their own, outside the spec's settings API. */
const ABOUT_KEY = "about";
const IMAGES_KEY = "site_images";

/** The feed's hosts, kept as the last sync found them (their photos kept here, /objects/{id}). */
const FEED_HOSTS_KEY = "feed_hosts";
const feedHostsSchema = z
  .array(z.object({ name: z.string(), role: z.string(), photo: z.string().nullable(), source: z.string().nullable() }))
  .max(4);
type FeedHost = z.infer<typeof feedHostsSchema>[number];

/** The feed's support links and recommended shows, kept as the last sync found them (docs/product.md "Listening"). */
const FEED_LINKS_KEY = "feed_links";
const feedLinksSchema = z.object({
  funding: z.array(z.object({ url: z.string(), label: z.string() })).max(20),
  podroll: z.array(z.object({ url: z.string(), title: z.string() })).max(50),
});
const NO_LINKS: ShowLinks = { funding: [], podroll: [] };
const NO_IMAGES: SiteImages = { bannerDesktop: null, bannerMobile: null, artwork: null };
const IMAGE_KINDS: Record<keyof SiteImages, PictureKind[]> = {
  bannerDesktop: ["banner-desktop"],
  bannerMobile: ["banner-mobile"],
  artwork: ["artwork", "icon"],
};

/** A stored value read back through its schema: a broken or older one falls back to the defaults. */
function readJson<T>(raw: string | undefined, parse: (value: unknown) => T | null, fallback: T): T {
  if (!raw) return fallback;
  try {
    return parse(JSON.parse(raw)) ?? fallback;
  } catch {
    return fallback;
  }
}

const feedHostsOf = (raw: string | undefined): FeedHost[] => readJson(raw, (v) => feedHostsSchema.safeParse(v).data ?? null, []);

const imagesOf = (raw: string | undefined): Partial<SiteImages> => readJson(raw, (v) => siteImagesSchema.safeParse(v).data ?? null, {});
/** The owner's About page as stored, or null when they have not written one (or it no longer reads). */
const aboutOf = (raw: string | undefined) => readJson(raw, (v) => aboutSchema.safeParse(v).data ?? null, null);

/** What of the show's identity a switch to another show's feed may replace (modules/feed/show-offer.ts). */
interface ShowIdentityNow {
  /** The owner's About heading and introduction ("" when the show's name and description stand in). */
  aboutTitle: string;
  aboutIntro: string;
  /** The About page's hosts when the owner wrote the page (null: the feed's stand in). */
  ownHosts: string[] | null;
  artwork: string | null;
}

/** The show's identity as a feed switch compares it with the new show's. */
export async function readShowIdentity(db: Executor): Promise<ShowIdentityNow> {
  const rows = await getVersionedSettings(db, [ABOUT_KEY, IMAGES_KEY]);
  const about = aboutOf(rows.get(ABOUT_KEY)?.value);
  return {
    aboutTitle: about?.title ?? "",
    aboutIntro: about?.intro ?? "",
    ownHosts: about ? about.hosts.map((h) => h.name) : null,
    artwork: imagesOf(rows.get(IMAGES_KEY)?.value).artwork ?? null,
  };
}

/**
 * The owner takes another show's identity from its feed, inside the caller's transaction:
 * `artwork` (an address kept here, its sizes made) becomes the show's; `hosts` puts the feed's
 * hosts (as the last sync kept them) on the About page the owner wrote; `title` and `intro` clear
 * the owner's About heading and introduction, so the new show's name and description stand in.
 */
export async function takeShowIdentity(
  tx: Executor,
  take: { artwork?: string; hosts?: boolean; title?: boolean; intro?: boolean },
): Promise<void> {
  if (take.artwork) {
    await lockSetting(tx, IMAGES_KEY);
    const current = imagesOf((await getVersionedSettings(tx, [IMAGES_KEY])).get(IMAGES_KEY)?.value);
    await putSetting(tx, IMAGES_KEY, JSON.stringify({ ...NO_IMAGES, ...current, artwork: take.artwork }));
  }
  if (!take.hosts && !take.title && !take.intro) return;
  await lockSetting(tx, ABOUT_KEY);
  const rows = await getVersionedSettings(tx, [ABOUT_KEY, FEED_HOSTS_KEY]);
  const about = aboutOf(rows.get(ABOUT_KEY)?.value);
  // Without a page of the owner's, the show's name, description and the feed's hosts already stand in.
  if (!about) return;
  const feedHosts = feedHostsOf(rows.get(FEED_HOSTS_KEY)?.value).map((h) => ({ name: h.name, role: h.role, bio: "", photo: h.photo }));
  await putSetting(
    tx,
    ABOUT_KEY,
    JSON.stringify({
      title: take.title ? "" : about.title,
      intro: take.intro ? "" : about.intro,
      hosts: take.hosts ? feedHosts : about.hosts,
    }),
  );
}

export interface IdentityService {
  get(): Promise<Identity>;
  /** `version`: the one the form was filled from; a newer stored one refuses the save (STALE). */
  saveAbout(input: AboutContent & { version?: number }): Promise<Identity>;
  saveImages(input: Partial<SiteImages> & { version?: number }): Promise<Identity>;
  /** A feed's artwork becomes the show's when the owner has set none. */
  offerArtwork(url: string | null): Promise<void>;
  /** The feed's support links and recommended shows, shown as they are. */
  offerFeedLinks(links: ShowLinks): Promise<void>;
  /** The hosts the feed names: the About page's until the owner writes their own. */
  offerFeedHosts(hosts: { name: string; role: string; img: string | null }[]): Promise<void>;
}

/**
 * The show's identity the owner edits (docs/decisions/010-owner-images.md): the About page's
 * words and hosts, the header banners and the artwork. Every image is an upload (or a fetched
 * copy) stored here, with its sizes made as it is put to use.
 */
export function createIdentityService(db: Db, uploads: UploadsService, pictures: PicturesService, writes: SiteWrites): IdentityService {
  const get = async (): Promise<Identity> => {
    const rows = await getVersionedSettings(db, [ABOUT_KEY, IMAGES_KEY, FEED_HOSTS_KEY, FEED_LINKS_KEY]);
    const about = rows.get(ABOUT_KEY);
    const images = rows.get(IMAGES_KEY);
    // Until the owner writes the About page: the feed's hosts, or none (nothing made up).
    const feedHosts: AboutHost[] = feedHostsOf(rows.get(FEED_HOSTS_KEY)?.value).map((h) => ({
      name: h.name,
      role: h.role,
      bio: "",
      photo: h.photo,
    }));
    return {
      about: aboutOf(about?.value) ?? { title: "", intro: "", hosts: feedHosts },
      images: { ...NO_IMAGES, ...imagesOf(images?.value) },
      links: readJson(rows.get(FEED_LINKS_KEY)?.value, (v) => feedLinksSchema.safeParse(v).data ?? null, NO_LINKS),
      versions: { about: about?.version ?? 0, images: images?.version ?? 0 },
    };
  };
  const stored = async (value: string | null | undefined, field: string) => (value ? await uploads.resolveUpload(value, field) : null);
  /** Writes one key, refusing the save when the form was filled from an older version of it. */
  const put = async (tx: Executor, key: string, value: unknown, version: number | undefined) => {
    const current = await lockSetting(tx, key);
    if (version !== undefined && version !== current) throw staleVersion(key === ABOUT_KEY ? "about" : "pictures");
    await putSetting(tx, key, JSON.stringify(value));
  };

  return {
    get,
    async saveAbout({ version, ...input }) {
      const hosts: AboutContent["hosts"] = [];
      for (const [i, host] of input.hosts.entries()) {
        const photo = await stored(host.photo, `hosts.${i}.photo`);
        await pictures.prepare(photo, "photo");
        hosts.push({ ...host, photo });
      }
      await writes.run((tx) => put(tx, ABOUT_KEY, { ...input, hosts }, version));
      return get();
    },
    async saveImages({ version, ...input }) {
      const chosen: Partial<SiteImages> = {};
      for (const key of Object.keys(IMAGE_KINDS) as (keyof SiteImages)[]) {
        if (input[key] === undefined) continue;
        chosen[key] = await stored(input[key], key);
        for (const kind of IMAGE_KINDS[key]) await pictures.prepare(chosen[key], kind);
      }
      await writes.run(async (tx) => {
        const current = imagesOf((await getVersionedSettings(tx, [IMAGES_KEY])).get(IMAGES_KEY)?.value);
        await put(tx, IMAGES_KEY, { ...NO_IMAGES, ...current, ...chosen }, version);
      });
      return get();
    },
    async offerFeedHosts(hosts) {
      const known = new Map(
        feedHostsOf((await getVersionedSettings(db, [FEED_HOSTS_KEY])).get(FEED_HOSTS_KEY)?.value).map((h) => [h.source, h.photo]),
      );
      const kept: FeedHost[] = [];
      for (const host of hosts.slice(0, 4)) {
        // A picture on another host is fetched once and kept here, never linked to.
        let photo = host.img ? (known.get(host.img) ?? null) : null;
        if (host.img && !photo) {
          photo = await pictures.adopt(host.img);
          if (photo) await pictures.prepare(photo, "photo");
        }
        kept.push({ name: host.name, role: host.role, photo, source: host.img });
      }
      const value = JSON.stringify(kept);
      if ((await getVersionedSettings(db, [FEED_HOSTS_KEY])).get(FEED_HOSTS_KEY)?.value === value) return;
      await writes.run((tx) => putSetting(tx, FEED_HOSTS_KEY, value));
    },
    async offerFeedLinks(links) {
      const value = JSON.stringify(links);
      if ((await getVersionedSettings(db, [FEED_LINKS_KEY])).get(FEED_LINKS_KEY)?.value === value) return;
      await writes.run((tx) => putSetting(tx, FEED_LINKS_KEY, value));
    },
    async offerArtwork(url) {
      if (!url || (await get()).images.artwork) return;
      const artwork = await pictures.adopt(url);
      if (!artwork) return;
      for (const kind of IMAGE_KINDS.artwork) await pictures.prepare(artwork, kind);
      await writes.run(async (tx) => {
        await lockSetting(tx, IMAGES_KEY);
        const current = imagesOf((await getVersionedSettings(tx, [IMAGES_KEY])).get(IMAGES_KEY)?.value);
        // The owner may have chosen one while it was fetched: theirs stays.
        if (current.artwork) return;
        await putSetting(tx, IMAGES_KEY, JSON.stringify({ ...NO_IMAGES, ...current, artwork }));
      });
    },
  };
}
