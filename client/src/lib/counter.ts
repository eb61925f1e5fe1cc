/** A character counter as the clip form shows it: "{length}/{max}" (docs/product.md §2, §5). */
export function counterText(value: string, max: number): string {
  return `${value.length}/${max}`;
}

/** "1 episode", "3 episodes": a count with its noun, for nouns made plural by an "s". */
export function countText(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
