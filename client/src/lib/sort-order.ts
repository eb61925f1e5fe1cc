/** sortOrder rules for new items and for reordering (SPEC.md §4). sortOrder travels as a string. */

function orderOf(item: { sortOrder: string }): number {
  const n = Number.parseInt(item.sortOrder, 10);
  return Number.isNaN(n) ? 0 : n;
}

/** A new provider goes after the others: the current count plus one ('1' for the first). */
export function nextProviderSortOrder(providers: readonly { sortOrder: string }[]): string {
  return String(providers.length + 1);
}

/** A new episode or clip: the current maximum plus one, or 1 when there is none. */
export function nextSortOrder(items: readonly { sortOrder: string }[]): string {
  return String(items.reduce((max, item) => Math.max(max, orderOf(item)), 0) + 1);
}

export type MoveDirection = "up" | "down";

/**
 * The neighbour an item swaps its sortOrder with, in the list as shown (sorted by order): the one
 * before it to move up, the one after it to move down; null at either end (the button is disabled).
 */
export function swapNeighbour<T extends { id: number }>(ordered: readonly T[], id: number, direction: MoveDirection): T | null {
  const index = ordered.findIndex((item) => item.id === id);
  if (index < 0) return null;
  const neighbour = direction === "up" ? ordered[index - 1] : ordered[index + 1];
  return neighbour ?? null;
}

export function canMove(ordered: readonly { id: number }[], id: number, direction: MoveDirection): boolean {
  return swapNeighbour(ordered, id, direction) !== null;
}
