/** The show's identity: name, description, artwork, logo and icon, with their pictures. This file is the module's door: the rest of the server uses only what it exports. */
export { identityRouter } from "./routes";
export { createIdentityService, readShowIdentity, takeShowIdentity } from "./service";
export type { IdentityService } from "./service";
