import type { Setting } from "../../shared/api";
import { isHttpUrl } from "../../shared/embeds";
import {
  DEFAULT_SETTING_MAX_LENGTH,
  isPublicSettingKey,
  isSettingKey,
  PUBLIC_SETTING_KEYS,
  SETTING_KEYS,
  SETTING_MAX_LENGTH,
  type SettingKey,
  WRITE_ONLY_SETTING_KEYS,
} from "../../shared/settings";
import { parseStoredTheme, serializeTheme } from "../../shared/theme";
import { hashPassword, verifyPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import { AppError, notFound } from "../lib/errors";
import { getSetting, getSettings, putSetting, putSettings } from "../storage/settings";
import { sanitizeFooterHtml } from "./sanitize";

const URL_KEYS = new Set<SettingKey>(["rss_url", "editors_file_1_url", "editors_file_2_url", "editors_file_3_url"]);
/** The spec's client shows this as "no file yet" (SPEC.md §5); it is not a link. */
export const FILE_URL_PLACEHOLDER = "GOOGLE_DRIVE_LINK_1";
const READABLE_KEYS = SETTING_KEYS.filter((k) => !WRITE_ONLY_SETTING_KEYS.includes(k));

function invalid(key: string, message: string): AppError {
  return new AppError("VALIDATION", `Invalid request: ${key} ${message}`, [{ path: "value", message }]);
}

/**
 * The audition prefix is stored hashed, with its length, so a try is checked with one hash:
 * the first `length` characters against the hash, the rest must be one or more digits.
 */
async function hashAuditionPrefix(prefix: string): Promise<string> {
  return `prefix$${prefix.length}$${await hashPassword(prefix)}`;
}

export async function auditionPasswordMatches(candidate: string, stored: string | null): Promise<boolean> {
  const match = stored ? /^prefix\$(\d+)\$(.+)$/.exec(stored) : null;
  if (!match) return false;
  const length = Number(match[1]);
  const suffixIsDigits = candidate.length > length && /^\d+$/.test(candidate.slice(length));
  // Hash even when the shape is wrong, so the shape does not show in the timing.
  const prefixOk = await verifyPassword(candidate.slice(0, length), match[2]!);
  return prefixOk && suffixIsDigits;
}

export interface SettingsService {
  listForAdmin(): Promise<Setting[]>;
  read(key: string, options: { isAdmin: boolean }): Promise<Setting>;
  write(key: SettingKey, value: string): Promise<void>;
  /** Checks every entry first; then saves all of them in one transaction, or none. */
  writeMany(entries: readonly { key: SettingKey; value: string }[]): Promise<void>;
  isAuditionPasswordSet(): Promise<boolean>;
  checkAuditionPassword(candidate: string): Promise<boolean>;
  auditionFiles(): Promise<{ name: string; url: string }[]>;
  getMany(keys: readonly SettingKey[]): Promise<Map<string, string>>;
  /** Every public setting that is set, as visitors read them (the footer sanitised again). */
  readPublic(): Promise<Record<string, string>>;
}

export const DEFAULT_AUDITION_FILE_NAME = "Audition Files Folder (All Files)";

export function createSettingsService(db: Db, onChange: (key: SettingKey) => void = () => {}): SettingsService {
  const present = (key: string, value: string): Setting => ({
    key,
    value: key === "footer_content" ? sanitizeFooterHtml(value) : value,
  });

  async function normalise(key: SettingKey, raw: string): Promise<string> {
    const max = SETTING_MAX_LENGTH[key] ?? DEFAULT_SETTING_MAX_LENGTH;
    if (raw.length > max) throw invalid(key, `must be at most ${max} characters`);
    const value = key === "footer_content" || key === "editors_intro" ? raw : raw.trim();
    switch (key) {
      case "footer_content":
        return sanitizeFooterHtml(value);
      case "site_theme": {
        const theme = parseStoredTheme(value);
        if (!theme) throw invalid(key, "must be a known theme id, or a custom or two-colour theme with valid parameters");
        return serializeTheme(theme);
      }
      case "editors_password":
        if (value === "") return "";
        if (/\s/.test(value)) throw invalid(key, "may not contain spaces");
        return hashAuditionPrefix(value);
      default:
        if (URL_KEYS.has(key) && value !== "" && value !== FILE_URL_PLACEHOLDER && !isHttpUrl(value)) {
          throw invalid(key, "must be an http or https address");
        }
        return value;
    }
  }

  return {
    async listForAdmin() {
      const values = await getSettings(db, READABLE_KEYS);
      return [...values].map(([key, value]) => present(key, value));
    },
    async read(key, { isAdmin }) {
      if (!isSettingKey(key) || WRITE_ONLY_SETTING_KEYS.includes(key)) throw notFound("Setting not found");
      if (!isPublicSettingKey(key) && !isAdmin) throw new AppError("UNAUTHORIZED", "Admin login required");
      const value = await getSetting(db, key);
      return present(key, value ?? "");
    },
    async write(key, value) {
      const stored = await normalise(key, value);
      await putSetting(db, key, stored);
      onChange(key);
    },
    async writeMany(entries) {
      const keys = entries.map((e) => e.key);
      if (new Set(keys).size !== keys.length) {
        throw new AppError("VALIDATION", "Invalid request: a setting appears twice");
      }
      const stored = [];
      for (const { key, value } of entries) stored.push({ key, value: await normalise(key, value) });
      await putSettings(db, stored);
      keys.forEach(onChange);
    },
    async isAuditionPasswordSet() {
      return !!(await getSetting(db, "editors_password"));
    },
    async checkAuditionPassword(candidate) {
      return auditionPasswordMatches(candidate, await getSetting(db, "editors_password"));
    },
    async auditionFiles() {
      const keys = [1, 2, 3].flatMap((n) => [`editors_file_${n}_name`, `editors_file_${n}_url`] as SettingKey[]);
      const values = await getSettings(db, keys);
      return [1, 2, 3].flatMap((n) => {
        const url = values.get(`editors_file_${n}_url`) ?? "";
        if (!url || url === FILE_URL_PLACEHOLDER) return [];
        const name = values.get(`editors_file_${n}_name`) || (n === 1 ? DEFAULT_AUDITION_FILE_NAME : `File ${n}`);
        return [{ name, url }];
      });
    },
    getMany(keys) {
      return getSettings(db, keys);
    },
    async readPublic() {
      const values = await getSettings(db, PUBLIC_SETTING_KEYS);
      return Object.fromEntries([...values].map(([key, value]) => [key, present(key, value).value]));
    },
  };
}

