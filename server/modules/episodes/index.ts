/** Episodes: the ordered list, the archive, bulk changes, slugs and their old addresses (kept for clips too). This file is the module's door: the rest of the server uses only what it exports. */
export { episodesRouter } from "./routes";
export { createEpisodesService, fillMissingEpisodeSlugs } from "./service";
export type { EpisodesService } from "./service";
export { uniqueSlug } from "./slugs";
export { deleteEpisodes, findRenamed, forgetSlugs, listTombstoneKeys, rememberOldSlug, updateEpisode } from "./storage";
export type { EpisodeValues } from "./storage";
