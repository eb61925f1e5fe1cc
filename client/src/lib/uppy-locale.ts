import type Uppy from "@uppy/core";
import { useEffect } from "react";
import { useLocale } from "./i18n";

type Pack = { default: { strings: Record<string, unknown>; pluralize: (count: number) => number } };

// Uppy's own language packs (@uppy/locales), one chunk each, for the languages the site speaks;
// English is Uppy's own.
const PACKS: Record<string, () => Promise<Pack>> = {
  es: () => import("@uppy/locales/lib/es_ES.js"),
  fr: () => import("@uppy/locales/lib/fr_FR.js"),
  de: () => import("@uppy/locales/lib/de_DE.js"),
  "pt-BR": () => import("@uppy/locales/lib/pt_BR.js"),
  it: () => import("@uppy/locales/lib/it_IT.js"),
  ca: () => import("@uppy/locales/lib/ca_ES.js"),
  el: () => import("@uppy/locales/lib/el_GR.js"),
  ar: () => import("@uppy/locales/lib/ar_SA.js"),
};

/**
 * Uppy's own words (its dashboard's drop zone and buttons, its status bar) in the language the
 * page or the admin area speaks: the pack is fetched and given to Uppy and its plugins.
 */
export function useUppyLocale(uppy: Uppy): void {
  const locale = useLocale();
  useEffect(() => {
    let live = true;
    void PACKS[locale]?.().then(
      (pack) => {
        if (live) uppy.setOptions({ locale: pack.default as never });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uppy, locale]);
}
