/**
 * Where a quote goes in the language's words around it (`share.quote`, "“…”"): the main thread
 * says the words with this in the quote's place, and the worker puts there the part of the quote
 * its fonts draw. No text of a card holds it.
 */
export const QUOTE_MARK = "\u0000";
