/** docs/product.md §4: public lists show only published items, ascending by their numeric sortOrder. */
export function bySortOrder<T extends { sortOrder: string }>(items: readonly T[]): T[] {
  const key = (item: T) => {
    const n = Number.parseInt(item.sortOrder, 10);
    return Number.isNaN(n) ? Number.MAX_SAFE_INTEGER : n;
  };
  return [...items].sort((a, b) => key(a) - key(b));
}

export function publishedInOrder<T extends { sortOrder: string; isPublished: boolean }>(items: readonly T[]): T[] {
  return bySortOrder(items.filter((item) => item.isPublished));
}
