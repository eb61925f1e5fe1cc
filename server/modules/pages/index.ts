/** The pages the server fills: which page a path shows, its head, its first screen's data and markup, robots.txt and the sitemap. This file is the module's door: the rest of the server uses only what it exports. */
export { createFirstPaint } from "./first-paint";
export { createPageData } from "./page-data";
export type { Site, PageData } from "./page-data";
export { pagesRouter } from "./routes";
export { seoRouter } from "./seo";
export { createPageService } from "./service";
