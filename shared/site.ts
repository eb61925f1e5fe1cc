/** Shown when the admin has not set podcast_title or podcast_description. */
export const DEFAULT_PODCAST_TITLE = "Pain & Learning Podcast";
export const DEFAULT_PODCAST_DESCRIPTION =
  "Conversations about pain and learning, from a physiotherapist and a special education specialist.";
