import { z } from "zod";

/**
 * When the feed's address is changed to another show's, the first sync of it offers that show's
 * identity in one step (docs/product.md "The show's feed and episode pages"): its title, description,
 * artwork and hosts. The owner takes what is listed, or keeps their own.
 */
const SHOW_FIELDS = ["title", "description", "artwork", "hosts"] as const;
export type ShowField = (typeof SHOW_FIELDS)[number];

/** One thing that taking the new show would change, as it is now and as it would be. */
export type ShowChange =
  /** `aboutTitle`: the About page's own heading, cleared with it ("" when the show's name is the heading). */
  | { field: "title"; from: string; to: string; aboutTitle: string }
  /** `aboutIntro`: the About page's own introduction, cleared with it ("" when the description is shown). */
  | { field: "description"; from: string; to: string; aboutIntro: string }
  /** Picture addresses (/objects/{id}); `from` null when the show has none. */
  | { field: "artwork"; from: string | null; to: string }
  /** The hosts' names on the About page. */
  | { field: "hosts"; from: string[]; to: string[] };

/** `GET /api/feed/show`: what the new show's feed offers, or null when nothing is waiting. */
export interface ShowOffer {
  /** The feed address it came from (the one set now). */
  url: string;
  /** The new show's name, as its feed gives it. */
  showTitle: string;
  changes: ShowChange[];
}

/** `POST /api/feed/adopt-show`: what the owner takes (every listed change, or none: they keep theirs). */
export const adoptShowSchema = z.strictObject({
  take: z
    .array(z.enum(SHOW_FIELDS))
    .max(SHOW_FIELDS.length)
    .refine((fields) => new Set(fields).size === fields.length, "validation.notValid"),
});
