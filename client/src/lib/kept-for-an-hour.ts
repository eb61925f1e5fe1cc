/** How long something kept by `keptForAnHour` comes back after it was last kept. */
export const KEPT_FOR_MS = 60 * 60 * 1000;

/**
 * A value kept in this browser only (localStorage) for an hour from when it was last kept: what a
 * page needs to pick up where a reload or a closed tab left it. Read back only while its hour
 * lasts and only in the shape `isKept` accepts; anything else under the key (past the hour, from
 * the future, broken, of another shape) is removed. A browser that refuses storage (private
 * mode) keeps nothing, and the page simply cannot be restored.
 */
export function keptForAnHour<T extends object>(key: string, isKept: (value: Record<string, unknown>) => boolean) {
  const remove = () => {
    try {
      localStorage.removeItem(key);
    } catch {
      /* storage refused: nothing was kept */
    }
  };
  return {
    read(now = Date.now()): T | null {
      let raw: string | null;
      try {
        raw = localStorage.getItem(key);
      } catch {
        return null;
      }
      if (raw === null) return null;
      let stored: unknown;
      try {
        stored = JSON.parse(raw);
      } catch {
        stored = null;
      }
      const { savedAt, ...value } = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
      if (typeof savedAt !== "number" || now - savedAt >= KEPT_FOR_MS || savedAt > now + KEPT_FOR_MS || !isKept(value)) {
        remove();
        return null;
      }
      return value as T;
    },
    /** Keeps `value` (again), its hour counting from `now`. */
    keep(value: T, now = Date.now()): void {
      try {
        localStorage.setItem(key, JSON.stringify({ ...value, savedAt: now }));
      } catch {
        /* storage refused: the page goes on, it just cannot be restored after a reload */
      }
    },
    forget: remove,
  };
}

/** `isKept`'s usual test: each of these fields is text. */
export const textFields =
  (...names: string[]) =>
  (value: Record<string, unknown>) =>
    names.every((name) => typeof value[name] === "string");
