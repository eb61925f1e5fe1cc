import { trimChar } from "./strings";

/**
 * SPEC.md §5: lowercase, every run of characters other than letters and digits becomes one
 * hyphen, hyphens trimmed from both ends.
 */
export function slugify(title: string): string {
  return trimChar(title.toLowerCase().replace(/[^a-z0-9]+/g, "-"), "-");
}

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
