/** Languages: the message catalogues the site speaks, compiled for Lingui's runtime, and each signed-in person's own language. This file is the module's door: the rest of the server uses only what it exports. */
export { pageCatalogue, translator } from "./catalogues";
export type { ServerTranslate } from "./catalogues";
export { languagesRouter } from "./routes";
export { requestLanguage, sayFor } from "./request-language";
