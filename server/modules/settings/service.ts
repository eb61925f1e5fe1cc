import { catalogueLanguage } from "../../../shared/languages";
import type { Setting } from "../../../shared/api";
import { AUDITION_PREFIX_MIN_LENGTH } from "../../../shared/auditions";
import {
  AUDITION_FILE_URL_PLACEHOLDER,
  isPublicSettingKey,
  isSettingKey,
  PUBLIC_SETTING_KEYS,
  SETTING_KEYS,
  type SettingKey,
  WRITE_ONLY_SETTING_KEYS,
} from "../../../shared/settings";
import { settingValueSchema } from "../../../shared/settings-schemas";
import { parseStoredTheme, serializeTheme } from "../../../shared/theme";
import { issueMessage, parseOptions } from "../../../shared/validation";
import { burnPasswordCheck, hashPassword, PASSWORD_COST, verifyPassword, type ScryptCost } from "../auth";
import type { SiteWrites } from "../../platform/db/change-bus";
import type { Db } from "../../platform/db/client";
import { AppError, notFound, staleVersion, words } from "../../platform/http/errors";
import { invalidField } from "../../platform/http/validate";
import { getSetting, getSettings, getVersionedSettings, lockSetting, putSetting } from "./storage";
import { sanitizeFooterHtml } from "../../platform/text/sanitize";
import type { ServerTranslate } from "../languages";

const READABLE_KEYS = SETTING_KEYS.filter((k) => !WRITE_ONLY_SETTING_KEYS.includes(k));

/**
 * The audition code is the stored prefix followed by one or more digits (docs/product.md,
 * "Audition"). The prefix never ends in a digit, so a try splits in one way only: everything
 * before its trailing digits is checked against the hash, with one hash, and nothing about the
 * prefix (not even its length) is kept in clear.
 */
const AUDITION_HASH = "audition$";
/** Before: `prefix$LENGTH$hash`. Still checked, and replaced by the new form on a success. */
const LEGACY_AUDITION_HASH = /^prefix\$(\d+)\$(scrypt\$.+)$/;

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";

async function hashAuditionPrefix(prefix: string, cost: ScryptCost): Promise<string> {
  return `${AUDITION_HASH}${await hashPassword(prefix, cost)}`;
}

/** The candidate's prefix for each stored form, and whether a number follows it. */
function splitCandidate(candidate: string, stored: string): { prefix: string; hash: string; hasNumber: boolean } | null {
  if (stored.startsWith(AUDITION_HASH)) {
    let end = candidate.length;
    while (end > 0 && isDigit(candidate[end - 1])) end--;
    return { prefix: candidate.slice(0, end), hash: stored.slice(AUDITION_HASH.length), hasNumber: end > 0 && end < candidate.length };
  }
  const legacy = LEGACY_AUDITION_HASH.exec(stored);
  if (!legacy) return null;
  const length = Number(legacy[1]);
  const rest = candidate.slice(length);
  return { prefix: candidate.slice(0, length), hash: legacy[2]!, hasNumber: rest.length > 0 && [...rest].every(isDigit) };
}

/**
 * Whether a try opens the audition and, when it does, the candidate's number (the digits after
 * the prefix); for a hash kept in the old form whose prefix the try revealed, the new form to
 * store instead.
 */
export async function checkAuditionCode(
  candidate: string,
  stored: string | null,
  cost: ScryptCost = PASSWORD_COST,
): Promise<{ ok: boolean; number?: string; rehash?: string }> {
  const split = stored ? splitCandidate(candidate, stored) : null;
  if (!split) {
    // No password is set: the same work as a real check, so the timing does not tell.
    await burnPasswordCheck(candidate, cost);
    return { ok: false };
  }
  // Hashed even when the shape is wrong, so the shape does not show in the timing.
  const ok = (await verifyPassword(split.prefix, split.hash)) && split.hasNumber;
  const upgradable = ok && !stored!.startsWith(AUDITION_HASH) && !isDigit(split.prefix.at(-1));
  return {
    ok,
    number: ok ? candidate.slice(split.prefix.length) : undefined,
    rehash: upgradable ? await hashAuditionPrefix(split.prefix, cost) : undefined,
  };
}

export interface SettingsService {
  listForAdmin(): Promise<Setting[]>;
  read(key: string, options: { isAdmin: boolean }): Promise<Setting>;
  /**
   * `version`: the one the admin's form was filled from; a newer one stored refuses the save
   * (STALE). Resolves to the setting's new version.
   */
  write(key: SettingKey, value: string, version?: number): Promise<number>;
  /** Checks every entry first; then saves all of them in one transaction, or none. */
  writeMany(entries: readonly { key: SettingKey; value: string; version?: number }[]): Promise<void>;
  isAuditionPasswordSet(): Promise<boolean>;
  /** The candidate's number (the digits after the prefix) when the code opens the audition, else null. */
  checkAuditionPassword(candidate: string): Promise<string | null>;
  /** `say`: the words of the visitor's language, for file 1's name when the owner gave none. */
  auditionFiles(say: ServerTranslate): Promise<{ name: string; url: string }[]>;
  getMany(keys: readonly SettingKey[]): Promise<Map<string, string>>;
  /** Every public setting that is set, as visitors read them (the footer sanitised again). */
  readPublic(): Promise<Record<string, string>>;
}

/** `cost`: scrypt's, for the audition prefix's hash (modules/auth/passwords.ts; tests give a cheaper one). */
export function createSettingsService(db: Db, writes: SiteWrites, cost: ScryptCost = PASSWORD_COST): SettingsService {
  const present = (key: string, value: string, version?: number): Setting => ({
    key,
    value: key === "footer_content" ? sanitizeFooterHtml(value) : value,
    ...(version === undefined ? {} : { version }),
  });
  /** Saves checked values, refusing the lot when one names a version older than the stored one. */
  const save = (entries: readonly { key: SettingKey; value: string; version?: number }[]) =>
    writes.run(async (tx) => {
      const versions = [];
      for (const { key, value, version } of entries) {
        const stored = await lockSetting(tx, key);
        if (version !== undefined && version !== stored) throw staleVersion("setting");
        await putSetting(tx, key, value);
        versions.push(stored + 1);
      }
      return versions;
    });

  /** The shared rules first (shared/settings-schemas.ts), then what only the server does. */
  async function normalise(key: SettingKey, raw: string): Promise<string> {
    const parsed = settingValueSchema(key).safeParse(raw, parseOptions);
    if (!parsed.success) {
      const { key: problem, values } = issueMessage(parsed.error.issues[0]!);
      throw invalidField(key, words(problem, values));
    }
    const value = parsed.data;
    switch (key) {
      case "footer_content":
        return sanitizeFooterHtml(value);
      case "site_theme": {
        const theme = parseStoredTheme(value);
        if (!theme) throw invalidField(key, words("error.unknownTheme"));
        return serializeTheme(theme);
      }
      case "editors_password":
        if (value === "") return "";
        // docs/product.md "No one can block or spoil the hand-in": a short prefix is guessed, and with it every candidate's code.
        if ([...value].length < AUDITION_PREFIX_MIN_LENGTH)
          throw invalidField(key, words("validation.prefixTooShort", { minimum: AUDITION_PREFIX_MIN_LENGTH }));
        return hashAuditionPrefix(value, cost);
      case "site_language":
        // Stored as BCP 47 writes it ("pt-br" → "pt-BR"): the page's `<html lang>` says it as kept.
        return value === "" ? "" : catalogueLanguage(value)!;
      default:
        return value;
    }
  }

  return {
    async listForAdmin() {
      const rows = await getVersionedSettings(db, READABLE_KEYS);
      return [...rows].map(([key, row]) => present(key, row.value, row.version));
    },
    async read(key, { isAdmin }) {
      if (!isSettingKey(key) || WRITE_ONLY_SETTING_KEYS.includes(key)) throw notFound("error.settingNotFound");
      if (!isPublicSettingKey(key) && !isAdmin) throw new AppError("UNAUTHORIZED", "error.adminLoginRequired");
      if (!isAdmin) return present(key, (await getSetting(db, key)) ?? "");
      const row = (await getVersionedSettings(db, [key])).get(key);
      return present(key, row?.value ?? "", row?.version ?? 0);
    },
    async write(key, value, version) {
      const [saved] = await save([{ key, value: await normalise(key, value), version }]);
      return saved!;
    },
    async writeMany(entries) {
      const keys = entries.map((e) => e.key);
      if (new Set(keys).size !== keys.length) {
        throw new AppError("VALIDATION", "error.settingTwice");
      }
      const stored = [];
      for (const { key, value, version } of entries) stored.push({ key, value: await normalise(key, value), version });
      await save(stored);
    },
    async isAuditionPasswordSet() {
      return !!(await getSetting(db, "editors_password"));
    },
    async checkAuditionPassword(candidate) {
      const { number, rehash } = await checkAuditionCode(candidate, await getSetting(db, "editors_password"), cost);
      if (rehash) await putSetting(db, "editors_password", rehash);
      return number ?? null;
    },
    async auditionFiles(say) {
      // Only file 1 is shown to visitors (docs/product.md, "Audition"); without a usable address
      // its button is there, disabled, so the URL is empty rather than another file's.
      const values = await getSettings(db, ["editors_file_1_name", "editors_file_1_url"]);
      const url = values.get("editors_file_1_url") ?? "";
      const name = values.get("editors_file_1_name") || say("audition.defaultFileLabel");
      return [{ name, url: url === AUDITION_FILE_URL_PLACEHOLDER ? "" : url }];
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
