/**
 * A hand-in under way, kept in this browser only, so a candidate who closes or reloads the tab
 * mid-upload finds the page unlocked and the form filled when they come back within the hour
 * (docs/product.md "Audition hand-in"). Nothing here is sent anywhere new: the code goes back to
 * the unlock that checked it in the first place, and the server checks it again on every upload.
 * Kept from the start of an upload; cleared when the hand-in arrives, when the candidate starts
 * over, and once the hour is past.
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

const KEY = "audition-hand-in:kept";
/** How long a kept hand-in is restored after it was last noted. */
export const KEPT_FOR_MS = 60 * 60 * 1000;

interface Stored extends KeptHandIn {
  savedAt: number;
}

const isText = (value: unknown): value is string => typeof value === "string";

function isStored(value: unknown): value is Stored {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return [v.code, v.name, v.email, v.notes, v.fileName].every(isText) && typeof v.savedAt === "number";
}

function parsed(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The hand-in kept within the hour, or null; one past the hour (or unreadable) is removed. */
export function readKeptHandIn(now = Date.now()): KeptHandIn | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    const stored = parsed(raw);
    if (!isStored(stored) || now - stored.savedAt >= KEPT_FOR_MS || stored.savedAt > now + KEPT_FOR_MS) {
      localStorage.removeItem(KEY);
      return null;
    }
    const { savedAt: _savedAt, ...kept } = stored;
    return kept;
  } catch {
    // Storage refused (private mode) or broken: nothing was kept.
    return null;
  }
}

/** Keeps the hand-in (again), counting its hour from now. */
export function keepHandIn(kept: KeptHandIn, now = Date.now()): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ ...kept, savedAt: now } satisfies Stored));
  } catch {
    /* storage refused: the upload still runs, the page just cannot be restored after a reload */
  }
}

export function forgetKeptHandIn(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    /* storage refused: nothing was kept */
  }
}
