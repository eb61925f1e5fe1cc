import { slugFromTitle } from "../../../shared/slug";
import type { Executor } from "../../platform/db/client";
import { AppError, words } from "../../platform/http/errors";
import { slugsLike } from "../../platform/ordered-lists/storage";

/** A slug the admin asked for that another item of the kind has: the message, and the slug field's. */
const TAKEN = {
  episodes: { message: "error.slugTakenByEpisode", field: "error.slugFieldTakenByEpisode" },
  clips: { message: "error.slugTakenByClip", field: "error.slugFieldTakenByClip" },
} as const;

/**
 * A slug no other item of the kind has: the one the admin asked for (a clash is theirs to
 * resolve: 409 on the slug field), or one made from the title, with -2, -3... added when the
 * title's is taken (feeds and owners repeat titles: "Bonus", "Trailer"), never a 409 for a field
 * the admin left empty.
 */
export async function uniqueSlug(
  db: Executor,
  kind: "episodes" | "clips",
  options: { asked?: string; title: string; exceptId?: number },
): Promise<string> {
  if (options.asked) {
    const taken = await slugsLike(db, kind, options.asked, options.exceptId);
    if (taken.has(options.asked)) {
      throw new AppError("CONFLICT", TAKEN[kind].message, {
        values: { slug: options.asked },
        errors: [{ path: "slug", message: words(TAKEN[kind].field) }],
      });
    }
    return options.asked;
  }
  const base = slugFromTitle(options.title, kind);
  const taken = await slugsLike(db, kind, base, options.exceptId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
