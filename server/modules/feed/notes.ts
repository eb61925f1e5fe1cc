import type { FeedStatus, FeedSyncResult } from "../../../shared/api";
import { isWords, sayWords, type Say, type Words } from "../../platform/http/errors";

/**
 * What the feed's sync says to the owner, kept until the owner reads it (the last sync's result,
 * its failure, why a move does not work yet) and said then, in the owner's language: words of the
 * catalogues, or text that is the feed's own (an item's title). Kept before words were, a text
 * in English stays as it was.
 */
export type NoteText = string | Words;

/** Something of the feed left out, and why (a sync result's `skipped`). */
export interface FeedNote {
  title: NoteText;
  reason: NoteText;
}

/** A sync's result as the service keeps it: its notes still words. */
export type SyncOutcome = Omit<FeedSyncResult, "skipped"> & { skipped: FeedNote[] };

/** The feed's state as the service reads it: its texts still words. */
export type FeedState = Omit<FeedStatus, "lastResult" | "lastError" | "move"> & {
  lastResult: SyncOutcome | null;
  lastError: NoteText | null;
  move: { url: string; problem: NoteText | null } | null;
};

const sayText = (text: NoteText, say: Say): string => (typeof text === "string" ? text : sayWords(text, say));

/** A sync's result in one language. */
export const sayOutcome = (result: SyncOutcome, say: Say): FeedSyncResult => ({
  ...result,
  skipped: result.skipped.map((note) => ({ title: sayText(note.title, say), reason: sayText(note.reason, say) })),
});

/** The feed's state in one language. */
export const sayState = (state: FeedState, say: Say): FeedStatus => ({
  ...state,
  lastResult: state.lastResult && sayOutcome(state.lastResult, say),
  lastError: state.lastError && sayText(state.lastError, say),
  move: state.move && { url: state.move.url, problem: state.move.problem && sayText(state.move.problem, say) },
});

/** For a text column: words as their JSON. */
export const storedText = (text: NoteText): string => (typeof text === "string" ? text : JSON.stringify(text));

/** A text column's words, or the text kept there before words were. */
export function readStoredText(stored: string): NoteText {
  if (!stored.startsWith("{")) return stored;
  try {
    const value: unknown = JSON.parse(stored);
    return isWords(value) ? value : stored;
  } catch {
    return stored;
  }
}
