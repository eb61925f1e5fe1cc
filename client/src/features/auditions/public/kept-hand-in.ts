import { keptForAnHour, textFields } from "@/lib/kept-for-an-hour";

/**
 * A hand-in under way, kept in this browser only, so a candidate who closes or reloads the tab
 * mid-upload finds the page unlocked and the form filled when they come back within the hour
 * (docs/product.md "Audition hand-in"). Nothing here is sent anywhere new: the code goes back to
 * the unlock that checked it in the first place, and the server checks it again on every upload.
 * Kept from the start of an upload; cleared when the hand-in arrives, when the candidate starts
 * over, and once the hour is past. (The upload's own place to resume is kept beside it, per file,
 * by hand-in-upload.ts.)
 */
export interface KeptHandIn {
  /** The code that unlocked the page. */
  code: string;
  name: string;
  email: string;
  notes: string;
  /** The name of the file whose upload was under way. */
  fileName: string;
}

const kept = keptForAnHour<KeptHandIn>("audition-hand-in:kept", textFields("code", "name", "email", "notes", "fileName"));

/** The hand-in kept within the hour, or null; one past the hour (or unreadable) is removed. */
export const readKeptHandIn = kept.read;
/** Keeps the hand-in (again), counting its hour from now. */
export const keepHandIn = kept.keep;
export const forgetKeptHandIn = kept.forget;
