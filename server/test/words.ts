import { translator } from "../modules/languages";
import { sayWords, type Words } from "../platform/http/errors";

/** Words as an English-speaking owner reads them (the English catalogue), for tests that check the product's words. */
export const english = (said: Words | string): string => (typeof said === "string" ? said : sayWords(said, translator("en").t));
