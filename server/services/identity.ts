import { DEFAULT_HOSTS, type AboutContent, type Identity, type SiteImages } from "../../shared/identity";
import { aboutSchema, siteImagesSchema } from "../../shared/identity-schemas";
import type { PictureKind } from "../../shared/pictures";
import type { Db } from "../db/client";
import { getSettings, putSetting } from "../storage/settings";
import type { PicturesService } from "./pictures";
import type { UploadsService } from "./uploads";

/** Kept in the settings table under keys of their own, outside the spec's settings API. */
const ABOUT_KEY = "about";
const IMAGES_KEY = "site_images";

const DEFAULT_ABOUT: AboutContent = { title: "", intro: "", hosts: DEFAULT_HOSTS };
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

export interface IdentityService {
  get(): Promise<Identity>;
  saveAbout(input: AboutContent): Promise<Identity>;
  saveImages(input: Partial<SiteImages>): Promise<Identity>;
  /** A feed's artwork becomes the show's when the owner has set none. */
  offerArtwork(url: string | null): Promise<void>;
}

/**
 * The show's identity the owner edits (docs/decisions/010-owner-images.md): the About page's
 * words and hosts, the header banners and the artwork. Every image is an upload (or a fetched
 * copy) stored here, with its sizes made as it is put to use.
 */
export function createIdentityService(db: Db, uploads: UploadsService, pictures: PicturesService, onChange: () => void = () => {}): IdentityService {
  const get = async (): Promise<Identity> => {
    const values = await getSettings(db, [ABOUT_KEY, IMAGES_KEY]);
    return {
      about: readJson(values.get(ABOUT_KEY), (v) => aboutSchema.safeParse(v).data ?? null, DEFAULT_ABOUT),
      images: { ...NO_IMAGES, ...readJson(values.get(IMAGES_KEY), (v) => siteImagesSchema.safeParse(v).data ?? null, {}) },
    };
  };
  const stored = async (value: string | null | undefined, field: string) => (value ? await uploads.resolveUpload(value, field) : null);

  return {
    get,
    async saveAbout(input) {
      const hosts = [];
      for (const [i, host] of input.hosts.entries()) {
        const photo = await stored(host.photo, `hosts.${i}.photo`);
        await pictures.prepare(photo, "photo");
        hosts.push({ ...host, photo });
      }
      await putSetting(db, ABOUT_KEY, JSON.stringify({ ...input, hosts }));
      onChange();
      return get();
    },
    async saveImages(input) {
      const images = { ...(await get()).images };
      for (const key of Object.keys(IMAGE_KINDS) as (keyof SiteImages)[]) {
        if (input[key] === undefined) continue;
        images[key] = await stored(input[key], key);
        for (const kind of IMAGE_KINDS[key]) await pictures.prepare(images[key], kind);
      }
      await putSetting(db, IMAGES_KEY, JSON.stringify(images));
      onChange();
      return get();
    },
    async offerArtwork(url) {
      if (!url || (await get()).images.artwork) return;
      const artwork = await pictures.adopt(url);
      if (!artwork) return;
      for (const kind of IMAGE_KINDS.artwork) await pictures.prepare(artwork, kind);
      const images = { ...(await get()).images, artwork };
      await putSetting(db, IMAGES_KEY, JSON.stringify(images));
      onChange();
    },
  };
}
