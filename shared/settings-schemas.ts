import { z } from "zod";
import { isHttpUrl } from "./embeds";
import { catalogueLanguage, LANGUAGES } from "./languages";
import {
  AUDITION_FILE_URL_PLACEHOLDER,
  DEFAULT_SETTING_MAX_LENGTH,
  EDITORS_CONTENT_KEYS,
  SETTING_MAX_LENGTH,
  type SettingKey,
} from "./settings";

/** Kept as typed, spaces and line breaks included: HTML and the multi-paragraph intro. */
const UNTRIMMED = new Set<SettingKey>(["footer_content", "editors_intro"]);
const URL_KEYS = new Set<SettingKey>(["rss_url", "editors_file_1_url", "editors_file_2_url", "editors_file_3_url"]);
const endsWithDigit = (s: string) => /\d$/.test(s);

/**
 * The rules of one setting's value, for the forms and the API alike (docs/product.md §3):
 * its length, trimming, addresses http(s) only (an audition file may keep the placeholder), and
 * the audition prefix without spaces or a final digit (each candidate's number follows it). What
 * the server does beyond checking (hashing, sanitising, parsing a theme) stays on the server.
 */
export function settingValueSchema(key: SettingKey) {
  const max = SETTING_MAX_LENGTH[key] ?? DEFAULT_SETTING_MAX_LENGTH;
  const base = UNTRIMMED.has(key) ? z.string() : z.string().trim();
  let value = base.max(max, "validation.tooLong").refine((s) => !s.includes("\u0000"), "validation.noNul");
  if (URL_KEYS.has(key)) {
    value = value.refine((s) => s === "" || s === AUDITION_FILE_URL_PLACEHOLDER || isHttpUrl(s), "validation.httpAddress");
  }
  if (key === "feed_auto_publish" || key === "messages_enabled") {
    value = value.refine((s) => s === "" || s === "true" || s === "false", "validation.trueOrFalse");
  }
  if (key === "site_language") {
    value = value.refine((s) => s === "" || catalogueLanguage(s) !== null, {
      error: "validation.siteLanguage",
      params: { languages: LANGUAGES.map((l) => l.tag).join(", ") },
    });
  }
  if (key === "editors_password") {
    value = value.refine((s) => !/\s/.test(s), "validation.noSpaces").refine((s) => !endsWithDigit(s), "validation.prefixEndsWithDigit");
  }
  return value;
}

const valuesOf = <K extends SettingKey>(keys: readonly K[]) =>
  z.object(Object.fromEntries(keys.map((k) => [k, settingValueSchema(k)])) as Record<K, ReturnType<typeof settingValueSchema>>);

/** The dashboard's 'RSS Feed Management' form: four settings saved together. */
export const RSS_SETTING_KEYS = [
  "rss_url",
  "podcast_title",
  "podcast_description",
  "footer_content",
] as const satisfies readonly SettingKey[];
export const rssSettingsFormSchema = valuesOf(RSS_SETTING_KEYS);

export const editorsContentFormSchema = valuesOf([...EDITORS_CONTENT_KEYS, "editors_password"]);
