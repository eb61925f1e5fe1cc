/** Shown when the admin has not set podcast_title (a name, the same in every language). */
export const DEFAULT_PODCAST_TITLE = "Pain & Learning Podcast";
