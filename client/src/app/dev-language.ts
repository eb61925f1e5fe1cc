import { siteLanguageOf, textDirection } from "@shared/languages";
import { EDITORS_PAGE_PARTS, PAGE_PARTS } from "@shared/locales/parts";
import { loadParts } from "@/lib/catalogue-parts";

/**
 * `npm run dev` only: Vite serves index.html itself, without the words the server puts in each
 * page (server/modules/pages/page-shell.ts). They are loaded here, in the site's language, and
 * put where the server would have, so the app starts the same way.
 */
export async function installDevMessages(): Promise<void> {
  const setting = await fetch("/api/settings/site_language")
    .then((r) => (r.ok ? (r.json() as Promise<{ value: string }>) : null))
    .catch(() => null);
  const tag = siteLanguageOf(setting?.value);
  const messages = await loadParts(tag, [...PAGE_PARTS, ...EDITORS_PAGE_PARTS]);
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = "messages";
  script.textContent = JSON.stringify(messages);
  document.body.prepend(script);
  document.documentElement.lang = tag;
  document.documentElement.dir = textDirection(tag);
}
