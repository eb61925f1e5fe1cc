import type { CSSProperties } from "react";

/**
 * The show's name when the admin has not set podcast_title (a name, said the same in every
 * language); without podcast_description, pages say the catalogue's `site.defaultDescription`.
 */
export const DEFAULT_PODCAST_TITLE = "Pain & Learning Podcast";

export function cardStyle(alpha: number): CSSProperties {
  return { "--card-alpha": String(alpha) } as CSSProperties;
}
