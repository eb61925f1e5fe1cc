import { AppError } from "../lib/errors";

/**
 * One of the admin's ordered lists (providers, episodes, clips: docs/product.md §4): each
 * service owns its items and their order; the routes are the same for all (routes/lists.ts).
 */
export interface OrderedList<Item, Input, Update> {
  list(options: { includeDrafts: boolean }): Promise<Item[]>;
  create(input: Input): Promise<Item>;
  update(id: number, input: Update): Promise<Item>;
  remove(id: number): Promise<void>;
  /** Swaps two items' places in the order (one transaction). */
  swap(id: number, withId: number): Promise<void>;
}

/** The fields an update sets: those given; nothing at all is a 400. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
  if (Object.keys(set).length === 0) throw new AppError("VALIDATION", "Invalid request: nothing to update");
  return set;
}

/** Swapping with itself is no move: refused before any query. */
export function checkSwap(id: number, withId: number): void {
  if (id === withId) throw new AppError("VALIDATION", "Invalid request: an item cannot swap with itself");
}
