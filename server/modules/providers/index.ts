/** Providers: the ordered list of places to listen. This file is the module's door: the rest of the server uses only what it exports. */
export { providersRouter } from "./routes";
export { createProvidersService } from "./service";
export type { ProvidersService } from "./service";
