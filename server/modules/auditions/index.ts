/** The audition: the editors page's unlock and access log, the candidates' hand-ins and the owner's list of them. This file is the module's door: the rest of the server uses only what it exports. */
export { createEditorsService } from "./editors";
export { accessLogRouter, auditionsRouter, editorsRouter, handInsRouter, isHandInUploadBody } from "./routes";
export { createAuditionsService } from "./service";
