import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { DEFAULT_LANGUAGE } from "@shared/languages";
import type { AdminKey, SiteKey } from "@shared/locales/parts";

export type { AdminKey, SiteKey };

/** A message's placeholders: `{count}`, `{title}`… */
export type MessageValues = Record<string, unknown>;

export type Translate<K extends string = SiteKey> = (key: K, values?: MessageValues) => string;

/** The words of the page's language: `t("home.latestEpisodes")`, `t("episode.count", { count })`. */
export function useT(): Translate {
  return useLingui()._ as Translate;
}

/** The admin area's words, in the signed-in person's language (or the site's). */
export function useAdminT(): Translate<AdminKey> {
  return useLingui()._ as Translate<AdminKey>;
}

/** The language the words are in, for `Intl` (dates, numbers, lists). */
export function useLocale(): string {
  return useLingui().i18n.locale;
}

/** Lingui's runtime for one language and its (compiled) messages. */
export function createI18n(locale: string, messages: Messages): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/**
 * The page's language and words, as the server put them in the page (`<html lang>` and the
 * `messages` script, server/modules/pages/page-shell.ts): only the site's language is loaded.
 */
export function readPageI18n(): I18n {
  const element = document.getElementById("messages");
  let messages: Messages;
  try {
    messages = element?.textContent ? (JSON.parse(element.textContent) as Messages) : {};
  } catch {
    messages = {};
  }
  return createI18n(document.documentElement.lang || DEFAULT_LANGUAGE, messages);
}

export function LanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
