/** docs/product.md §9: the audition texts shown while the settings are empty. */
export const DEFAULT_EDITORS_INTRO =
  "This is a two-host conversation podcast, and about half of each episode is cut in the edit: for example, 1 hour of recording becomes a 30-minute episode.";
export const DEFAULT_EDITORS_BULLETS = [
  "Leveling and compressing each audio file",
  "Spot editing audio problems",
  "Natural, human-sounding edits with appropriate breath",
] as const;
export const DEFAULT_AUDITION_FILE_LABEL = "Audition Files Folder (All Files)";
export const AUDITION_FAILURE_TEXT = "Incorrect password. Please try again.";
