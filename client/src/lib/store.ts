import { useSyncExternalStore } from "react";

/**
 * A module-level value that components read with `use()` and re-render on when it changes; the
 * toast, the admin overlay and the player are each one. The server's first paint sees `initial`
 * (no toast, no overlay, nothing playing), so hydration matches.
 */
export function createStore<T extends object>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get: (): T => value,
    /** Merges `next` into the value and tells every reader. */
    set(next: Partial<T>): void {
      value = { ...value, ...next };
      listeners.forEach((listener) => listener());
    },
    use: (): T =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => initial,
      ),
  };
}
