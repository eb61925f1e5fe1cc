export const ABOUT_LIMITS = { title: 120, intro: 3_000, hosts: 4, name: 100, role: 100, bio: 1_000 } as const;

/** One host on the About page; `photo` is /objects/{id} (or an upload address when sent) or null. */
export interface AboutHost {
  name: string;
  role: string;
  bio: string;
  photo: string | null;
}

/** The About page as the owner writes it (checked by shared/identity-schemas.ts). */
export interface AboutContent {
  /** Empty: "About" and the show's name. */
  title: string;
  /** Empty: the show's description. */
  intro: string;
  hosts: AboutHost[];
}

export interface SiteImages {
  bannerDesktop: string | null;
  bannerMobile: string | null;
  artwork: string | null;
}

/**
 * What the feed offers besides episodes (docs/product.md "Listening"): its support links
 * (podcast:funding), shown as 'Support the show', and the shows it recommends (podcast:podroll
 * items with a feed address), 'Shows we recommend'.
 */
export interface ShowLinks {
  /** `label`: the tag's text, or "" (the page then says 'Support the show'). */
  funding: { url: string; label: string }[];
  /** `title`: the remote item's title, or "" (the page then shows the feed's host). */
  podroll: { url: string; title: string }[];
}

/** What every page shows of the show's identity. */
export interface Identity {
  about: AboutContent;
  images: SiteImages;
  links: ShowLinks;
  /** How many times each was saved (0: never), for the admin's optimistic concurrency. */
  versions: { about: number; images: number };
}
