import { z } from "zod";

/** The About page's hosts when the owner has written none: the spec's two (docs/product.md §2). */
export const DEFAULT_HOSTS: AboutHost[] = [
  {
    name: "The Physiotherapist",
    role: "Co-host · Physiotherapist",
    bio: "Brings years of clinical work with people in pain, and what the science of pain says about recovery.",
    photo: null,
  },
  {
    name: "The Special Education Specialist",
    role: "Co-host · Special Education Specialist",
    bio: "Brings years of teaching learners who learn differently, and what that teaches about how anyone learns.",
    photo: null,
  },
];

export const ABOUT_LIMITS = { title: 120, intro: 3_000, hosts: 4, name: 100, role: 100, bio: 1_000 } as const;

const noNul = (s: string) => !s.includes("\u0000");
const plain = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).refine(noNul, "may not contain NUL characters");
/** An uploaded image: its upload address or /objects/{id}; empty for none. */
const image = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z.string().trim().max(300).refine((v) => v.startsWith("/objects/") || v.includes("/uploads/"), "must be an uploaded image").nullable(),
);

/**
 * The About page as the owner writes it (docs/decisions/010-owner-images.md): a title and an
 * introduction (empty: the show's name and description), and one to four hosts. Plain text
 * only: nothing of it is read as HTML.
 */
export const aboutSchema = z.strictObject({
  title: plain(ABOUT_LIMITS.title),
  intro: plain(ABOUT_LIMITS.intro),
  hosts: z
    .array(
      z.strictObject({
        name: plain(ABOUT_LIMITS.name).min(1, "is required"),
        role: plain(ABOUT_LIMITS.role),
        bio: plain(ABOUT_LIMITS.bio),
        photo: image,
      }),
    )
    .min(1, "needs at least one host")
    .max(ABOUT_LIMITS.hosts, `may list at most ${ABOUT_LIMITS.hosts} hosts`),
});
export type AboutContent = z.output<typeof aboutSchema>;
export type AboutHost = AboutContent["hosts"][number];

/** The show's own pictures: the two header banners and the square artwork (site icon, share image). */
export const siteImagesSchema = z.strictObject({
  bannerDesktop: image.optional(),
  bannerMobile: image.optional(),
  artwork: image.optional(),
});
export interface SiteImages {
  bannerDesktop: string | null;
  bannerMobile: string | null;
  artwork: string | null;
}

/** What every page shows of the show's identity. */
export interface Identity {
  about: AboutContent;
  images: SiteImages;
}
