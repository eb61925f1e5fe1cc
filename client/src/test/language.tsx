import type { ReactNode } from "react";
import { CATALOGUE_PARTS } from "@shared/locales/parts";
import { compileCatalogue, type Catalogue } from "@shared/locales/compile";
import { createI18n, LanguageProvider } from "@/lib/i18n";

const english = import.meta.glob<Catalogue>("../../../shared/locales/en/*.json", { eager: true, import: "default" });

/** Every English message, compiled as the server compiles them for a page. */
export function englishI18n() {
  const messages = Object.assign(
    {},
    ...CATALOGUE_PARTS.map((part) => compileCatalogue(english[`../../../shared/locales/en/${part}.json`]!)),
  );
  return createI18n("en", messages as Parameters<typeof createI18n>[1]);
}

/** A component under test says its words in English, as on an English site. */
export function InEnglish({ children }: { children: ReactNode }) {
  return <LanguageProvider i18n={englishI18n()}>{children}</LanguageProvider>;
}
