import { compileMessage } from "@lingui/message-utils/compileMessage";

/** A catalogue as a translator writes it: a message's key, and its text in ICU MessageFormat. */
export type Catalogue = Record<string, string>;

/**
 * A catalogue compiled for Lingui's runtime (`@lingui/core`), which carries no ICU parser: each
 * message becomes plain JSON of texts, placeholders, plurals and selects. Done by the build for
 * the browser's chunks (vite.config.ts) and once at start by the server.
 */
export function compileCatalogue(messages: Catalogue): Record<string, ReturnType<typeof compileMessage>> {
  return Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, compileMessage(message)]));
}
