/** Share images: what a page's card shows, drawn in a worker. This file is the module's door: the rest of the server uses only what it exports. */
export { clipShareInput, episodeShareInput, siteShareInput } from "./inputs";
export { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "./size";
export { shareImagesRouter } from "./routes";
export { createShareImages } from "./service";
export type { ShareImages } from "./service";
export type { ShareImageInput } from "./draw";
