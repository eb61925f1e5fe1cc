/** The show's own texts and the site's look, all public. */
const SITE_KEYS = ["site_theme", "rss_url", "podcast_title", "podcast_description", "footer_content", "site_language"] as const;
/** The audition page's words, public. */
const AUDITION_TEXT_KEYS = ["editors_intro", "editors_bullet_1", "editors_bullet_2", "editors_bullet_3"] as const;
/** The three audition files; only file 1's name is public (its address is unlocked). */
const AUDITION_FILE_KEYS = [
  "editors_file_1_name",
  "editors_file_1_url",
  "editors_file_2_name",
  "editors_file_2_url",
  "editors_file_3_name",
  "editors_file_3_url",
] as const;

/** Messages from listeners: whether the site takes them, and the consent sentence a sender ticks (docs/product.md "Messages"). */
const MESSAGE_KEYS = ["messages_enabled", "messages_consent"] as const;

/** Setting keys of docs/product.md §3. */
export const SETTING_KEYS = [
  ...SITE_KEYS,
  ...AUDITION_TEXT_KEYS,
  "editors_password",
  ...AUDITION_FILE_KEYS,
  "feed_auto_publish",
  ...MESSAGE_KEYS,
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];

/** Keys any visitor may read (docs/product.md "Public reads"). */
export const PUBLIC_SETTING_KEYS: readonly SettingKey[] = [...SITE_KEYS, ...AUDITION_TEXT_KEYS, "editors_file_1_name", ...MESSAGE_KEYS];

/** The audition texts' Save All: ten texts (the access password is added when a new one is typed). */
export const EDITORS_CONTENT_KEYS = [...AUDITION_TEXT_KEYS, ...AUDITION_FILE_KEYS] as const;

/** Never sent in any response, to anyone. */
export const WRITE_ONLY_SETTING_KEYS: readonly SettingKey[] = ["editors_password"];

export function isSettingKey(key: string): key is SettingKey {
  return (SETTING_KEYS as readonly string[]).includes(key);
}

export function isPublicSettingKey(key: string): boolean {
  return (PUBLIC_SETTING_KEYS as readonly string[]).includes(key);
}

/** Longest value accepted for each setting; everything else is short text. */
export const SETTING_MAX_LENGTH: Partial<Record<SettingKey, number>> = {
  footer_content: 20_000,
  podcast_description: 5_000,
  editors_intro: 10_000,
  editors_bullet_1: 2_000,
  editors_bullet_2: 2_000,
  editors_bullet_3: 2_000,
  site_theme: 500,
  editors_password: 64,
  messages_consent: 300,
};
export const DEFAULT_SETTING_MAX_LENGTH = 2_000;

/** docs/product.md §5: the audition file address that means "not set yet". */
export const AUDITION_FILE_URL_PLACEHOLDER = "GOOGLE_DRIVE_LINK_1";

/** docs/product.md §5: the audition file button works only with an address that is set and not the placeholder. */
export function isUsableAuditionFileUrl(url: string | null | undefined): url is string {
  const value = url?.trim() ?? "";
  return value !== "" && value !== AUDITION_FILE_URL_PLACEHOLDER;
}
