/** Pictures: uploads checked by their bytes, the sizes made of them, the files served under /objects, the favicon. This file is the module's door: the rest of the server uses only what it exports. */
export { icoOf } from "./ico";
export { objectsRouter, uploadsRouter } from "./routes";
export { createFaviconSource, createPictures } from "./service";
export type { PicturesService } from "./service";
export { recordPictureUses } from "./storage";
export { createUploadsService } from "./uploads";
export type { UploadsService } from "./uploads";
