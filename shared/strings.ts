/**
 * "1 episode", "3 episodes": a count with its noun, one or many (by default, the noun with an "s").
 * English only: a page says a count through its catalogue's ICU plural (`episodes.count`).
 */
export function countText(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `text` in at most `max` characters: cut, with an ellipsis, when longer. */
export const ellipsize = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const words = new Intl.Segmenter(undefined, { granularity: "word" });

/**
 * `text` in at most `max` characters, ending after a whole word (words as the language breaks
 * them, so a name without spaces is cut between its words too); punctuation left hanging at the
 * cut goes with it. A first word longer than `max` is kept whole: whoever shows it shortens it
 * with an ellipsis, which reads better than a word cut in two.
 */
export function cutAtWord(text: string, max: number): string {
  const value = text.trim();
  if (value.length <= max) return value;
  let end = 0;
  let firstWordEnd = 0;
  for (const { segment, index, isWordLike } of words.segment(value)) {
    const segmentEnd = index + segment.length;
    if (isWordLike && firstWordEnd === 0) firstWordEnd = segmentEnd;
    if (segmentEnd > max) break;
    if (isWordLike) end = segmentEnd;
  }
  return value.slice(0, end || firstWordEnd || max);
}
