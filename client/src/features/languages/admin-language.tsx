import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, type ReactNode } from "react";
import { catalogueLanguage, textDirection } from "@shared/languages";
import { ADMIN_PARTS, PAGE_PARTS } from "@shared/locales/parts";
import { setApiLanguage } from "@/lib/api-client";
import { loadParts } from "@/lib/catalogue-parts";
import { createI18n, LanguageProvider } from "@/lib/i18n";
import { myLanguageQueryOptions } from "./api";

/**
 * The admin area's words (README "Languages"): in the signed-in person's own language (asked for
 * only when someone is signed in, `signedIn`), else the
 * site's. Its parts load when the admin area does; the page's own words are reused when the
 * languages are the same. Shows nothing for the moment they load.
 */
export function AdminLanguage({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const page = useLingui().i18n;
  const mine = useQuery(myLanguageQueryOptions(signedIn));
  const tag = catalogueLanguage(mine.data?.language) ?? page.locale;
  // The server's words (an error's message) come in the same language.
  useEffect(() => {
    setApiLanguage(tag);
    return () => setApiLanguage(null);
  }, [tag]);
  const sameAsPage = tag === page.locale;
  const parts = useQuery({
    queryKey: ["catalogue", "admin", tag, sameAsPage],
    queryFn: () => loadParts(tag, sameAsPage ? ADMIN_PARTS : [...PAGE_PARTS, ...ADMIN_PARTS]),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const i18n = useMemo(
    () => (parts.data ? createI18n(tag, { ...(sameAsPage ? page.messages : {}), ...parts.data }) : null),
    [parts.data, tag, sameAsPage, page],
  );
  return i18n ? <LanguageProvider i18n={i18n}>{children}</LanguageProvider> : null;
}

/**
 * The admin area's own pages say their language to the browser and to assistive technology:
 * `<html lang dir>` follows the signed-in person's choice while the admin area is open.
 */
export function useAdminDocumentLanguage(): void {
  const { i18n } = useLingui();
  useEffect(() => {
    const root = document.documentElement;
    const before = { lang: root.lang, dir: root.dir };
    root.lang = i18n.locale;
    root.dir = textDirection(i18n.locale);
    return () => {
      root.lang = before.lang;
      root.dir = before.dir;
    };
  }, [i18n.locale]);
}
