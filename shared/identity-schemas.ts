import { z } from "zod";
import { ABOUT_LIMITS } from "./identity";

const noNul = (s: string) => !s.includes("\u0000");
const plain = (max: number) => z.string().trim().max(max, "validation.tooLong").refine(noNul, "validation.noNul");
/** An uploaded image: its upload address or /objects/{id}; empty for none. */
const image = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string()
    .trim()
    .max(300)
    .refine((v) => v.startsWith("/objects/") || v.includes("/uploads/"), "validation.uploadedImage")
    .nullable(),
);

/**
 * The About page as the owner writes it (docs/decisions/010-owner-images.md): a title and an
 * introduction (empty: the show's name and description), and up to four hosts (none is none:
 * the page shows no made-up ones). Plain text
 * only: nothing of it is read as HTML.
 */
export const aboutSchema = z.strictObject({
  title: plain(ABOUT_LIMITS.title),
  intro: plain(ABOUT_LIMITS.intro),
  hosts: z
    .array(
      z.strictObject({
        name: plain(ABOUT_LIMITS.name).min(1, "validation.required"),
        role: plain(ABOUT_LIMITS.role),
        bio: plain(ABOUT_LIMITS.bio),
        photo: image,
      }),
    )
    .max(ABOUT_LIMITS.hosts, "validation.tooManyHosts"),
  /** The version the form was filled from (Identity.versions.about); an older one is refused. */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});

/** The show's own pictures: the two header banners and the square artwork (site icon, share image). */
export const siteImagesSchema = z.strictObject({
  bannerDesktop: image.optional(),
  bannerMobile: image.optional(),
  artwork: image.optional(),
  /** The version the form was filled from (Identity.versions.images); an older one is refused. */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
