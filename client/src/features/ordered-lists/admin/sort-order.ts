/** Reordering (docs/product.md §4): a new item's place is the server's to decide. */
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
