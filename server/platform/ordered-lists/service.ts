import type { SiteWrites } from "../db/change-bus";
import { AppError, notFound } from "../http/errors";
import { swapSortOrder, type ContentKind } from "./storage";

/**
 * One of the admin's ordered lists (providers, episodes, clips: docs/product.md §4): each
 * service owns its items and their order; the routes are the same for all (platform/ordered-lists/routes.ts).
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
  if (Object.keys(set).length === 0) throw new AppError("VALIDATION", "error.nothingToUpdate");
  return set;
}

/**
 * Swaps two items of a list in one write (OrderedList.swap): swapping with itself is no move,
 * refused before any query; either item missing is a 404.
 */
export async function swapItems(writes: SiteWrites, kind: ContentKind, id: number, withId: number): Promise<void> {
  if (id === withId) throw new AppError("VALIDATION", "error.swapWithItself");
  await writes.run(async (tx) => {
    if (!(await swapSortOrder(tx, kind, id, withId))) throw notFound("error.itemNotFound");
  });
}
