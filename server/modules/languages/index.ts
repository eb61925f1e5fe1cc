/** Languages: the message catalogues the site speaks, compiled for Lingui's runtime. This file is the module's door: the rest of the server uses only what it exports. */
export { checkCatalogues, pageCatalogue, translator } from "./catalogues";
export type { CompiledCatalogue, ServerTranslate } from "./catalogues";
