/** Clips: the ordered list of short videos with their pages and old addresses. This file is the module's door: the rest of the server uses only what it exports. */
export { clipsRouter } from "./routes";
export { createClipsService } from "./service";
export type { ClipsService } from "./service";
