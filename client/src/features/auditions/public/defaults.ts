/** docs/product.md §9: the audition texts shown while the settings are empty, in the page's language. */
export const DEFAULT_EDITORS_INTRO = "audition.defaultIntro";
export const DEFAULT_EDITORS_BULLETS = ["audition.defaultBullet1", "audition.defaultBullet2", "audition.defaultBullet3"] as const;
export const DEFAULT_AUDITION_FILE_LABEL = "audition.defaultFileLabel";
export const AUDITION_FAILURE_TEXT = "audition.wrongPassword";
