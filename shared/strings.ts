/**
 * Trimming without a regular expression: `/\/+$/` is retried from every position of a run of
 * slashes, so its cost grows with the square of the run (a 16 KB path costs ~200 ms). These
 * loops look at each character once.
 */
export function trimEndChar(value: string, char: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === char) end--;
  return end === value.length ? value : value.slice(0, end);
}

export function trimChar(value: string, char: string): string {
  let start = 0;
  while (start < value.length && value[start] === char) start++;
  return trimEndChar(value.slice(start), char);
}
