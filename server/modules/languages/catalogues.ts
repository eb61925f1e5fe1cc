import fs from "node:fs";
import path from "node:path";
import { setupI18n, type I18n } from "@lingui/core";
import type { LanguageTag } from "../../../shared/languages";
import { compileCatalogue, type Catalogue } from "../../../shared/locales/compile";
import { CATALOGUE_PARTS, EDITORS_PAGE_PARTS, PAGE_PARTS, type CataloguePart, type ServerKey } from "../../../shared/locales/parts";
import { projectRoot } from "../../platform/runtime/paths";

export type CompiledCatalogue = ReturnType<typeof compileCatalogue>;

const compiled = new Map<string, CompiledCatalogue>();

/** One language's part (`shared/locales/<tag>/<part>.json`), compiled once and kept. */
function part(tag: LanguageTag, name: CataloguePart): CompiledCatalogue {
  const key = `${tag}/${name}`;
  let value = compiled.get(key);
  if (!value) {
    const file = path.join(projectRoot(), "shared", "locales", tag, `${name}.json`);
    value = compileCatalogue(JSON.parse(fs.readFileSync(file, "utf8")) as Catalogue);
    compiled.set(key, value);
  }
  return value;
}

const merged = (tag: LanguageTag, parts: readonly CataloguePart[]): CompiledCatalogue =>
  Object.assign({}, ...parts.map((name) => part(tag, name))) as CompiledCatalogue;

const pageWords = new Map<string, CompiledCatalogue>();

/** The words a visitor's page carries for the browser: every page's, and the editors' page's own on it. */
export function pageCatalogue(tag: LanguageTag, editorsPage: boolean): CompiledCatalogue {
  const key = `${tag}/${editorsPage}`;
  let value = pageWords.get(key);
  if (!value) {
    value = merged(tag, editorsPage ? [...PAGE_PARTS, ...EDITORS_PAGE_PARTS] : PAGE_PARTS);
    pageWords.set(key, value);
  }
  return value;
}

/** The server's way of saying a message: `t("route.about")`, `t("episodes.count", { count })`. */
export type ServerTranslate = (key: ServerKey, values?: Record<string, unknown>) => string;

const translators = new Map<LanguageTag, { i18n: I18n; t: ServerTranslate }>();

/** Lingui's runtime for one language with every part: what the server says, in the page's language. */
export function translator(tag: LanguageTag): { i18n: I18n; t: ServerTranslate } {
  let value = translators.get(tag);
  if (!value) {
    const i18n = setupI18n({ locale: tag, messages: { [tag]: merged(tag, CATALOGUE_PARTS) } });
    value = { i18n, t: (key, values) => i18n._(key, values) };
    translators.set(tag, value);
  }
  return value;
}
