/** A character counter as the clip form shows it: "{length}/{max}" (docs/product.md §2, §5). */
export function counterText(value: string, max: number): string {
  return `${value.length}/${max}`;
}
