import type admin from "./en/admin.json";
import type adminAudience from "./en/admin-audience.json";
import type server from "./en/server.json";
import type site from "./en/site.json";
import type siteEditors from "./en/site-editors.json";
import type sitePlayer from "./en/site-player.json";
import type validation from "./en/validation.json";

/**
 * The catalogue files of each language (`shared/locales/<tag>/<part>.json`), and who loads which:
 * every visitor's page carries `site` and `site-player`; the editors' page adds `site-editors` and
 * `validation`; the admin area loads the admin parts; the server says any of them.
 */
export const CATALOGUE_PARTS = ["site", "site-player", "site-editors", "validation", "admin", "admin-audience", "server"] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/** The parts in every visitor's page. */
export const PAGE_PARTS: readonly CataloguePart[] = ["site", "site-player"];
/** The parts the editors' page adds (the audition, its hand-in and its form's rules). */
export const EDITORS_PAGE_PARTS: readonly CataloguePart[] = ["site-editors", "validation"];
/** The parts the admin area loads, beside the site's. */
export const ADMIN_PARTS: readonly CataloguePart[] = ["admin", "admin-audience", "validation", "site-editors"];

/** A word of the visitor's pages (and of forms' rules). */
export type SiteKey = keyof typeof site | keyof typeof sitePlayer | keyof typeof siteEditors | keyof typeof validation;
/** A word of the admin area; the admin area says the site's words too. */
export type AdminKey = keyof typeof admin | keyof typeof adminAudience | SiteKey;
/** A word only the server says (errors, share cards, the head's descriptions), or any of the site's. */
export type ServerKey = keyof typeof server | SiteKey;
