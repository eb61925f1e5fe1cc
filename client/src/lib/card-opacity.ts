/** docs/product.md §4: card background opacity is 0.1 plus 0.1 per index, capped at 0.4. */
const CARD_OPACITY_CAP = 0.4;

export function cardOpacity(index: number): number {
  const raw = 0.1 + 0.1 * Math.max(0, index);
  // Rounded so 0.1 + 0.2 gives 0.3, not 0.30000000000000004.
  return Math.min(CARD_OPACITY_CAP, Math.round(raw * 100) / 100);
}
