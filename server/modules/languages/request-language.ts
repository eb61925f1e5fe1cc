import type { IncomingHttpHeaders } from "node:http";
import Negotiator from "negotiator";
import { DEFAULT_LANGUAGE, LANGUAGES, languageOfFeed, type LanguageTag } from "../../../shared/languages";
import { translator, type ServerTranslate } from "./catalogues";

const TAGS: string[] = LANGUAGES.map((l) => l.tag);

/**
 * The language a request asks for: the best of its Accept-Language among the site's languages
 * (the SPA sends its page's language on its API calls), else the same language in another region
 * ("pt-PT" → "pt-BR"), else English.
 */
export function requestLanguage(req: { headers: IncomingHttpHeaders }): LanguageTag {
  const negotiator = new Negotiator(req);
  const best = negotiator.language(TAGS);
  if (best) return best as LanguageTag;
  for (const asked of negotiator.languages()) {
    const near = languageOfFeed(asked);
    if (near) return near;
  }
  return DEFAULT_LANGUAGE;
}

/** The server's words in the language the request asks for: `sayFor(req)("error.notFound")`. */
export const sayFor = (req: { headers: IncomingHttpHeaders }): ServerTranslate => translator(requestLanguage(req)).t;
