/**
 * Runs `work` while a chain of setImmediate callbacks counts the event loop's turns: how often
 * other callbacks got in while it ran. Work that never yields lets none in.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const count = () => {
    turns++;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  try {
    return { result: await work(), turns };
  } finally {
    counting = false;
  }
}
