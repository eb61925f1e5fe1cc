/** docs/product.md §2: the hidden shortcut that opens the admin login. */
export const LOGIN_SEQUENCE = ["ArrowUp", "ArrowUp", "ArrowDown", "ArrowDown"] as const;

/**
 * Feed keys one at a time; returns true when the last keys pressed are the sequence. Any other key
 * starts over, but a key that begins the sequence counts as its first step.
 */
export function createSequenceMatcher(sequence: readonly string[]): (key: string) => boolean {
  let position = 0;
  return (key) => {
    if (key === sequence[position]) {
      position += 1;
    } else {
      // ArrowUp ArrowUp ArrowUp: the last two still count as the start of the sequence.
      let next = 0;
      for (let len = position; len > 0; len--) {
        const candidate = [...sequence.slice(position - len + 1, position), key];
        if (candidate.every((k, i) => k === sequence[i])) {
          next = candidate.length;
          break;
        }
      }
      if (next === 0 && key === sequence[0]) next = 1;
      position = next;
    }
    if (position === sequence.length) {
      position = 0;
      return true;
    }
    return false;
  };
}
