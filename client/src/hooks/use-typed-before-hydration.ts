import { useEffect, type RefObject } from "react";

/**
 * A field of the server's first paint may hold what the visitor typed before the app ran (a slow
 * phone shows the page seconds before its scripts). Hydration keeps that text in the box but not
 * in React's state, which is still the server's empty value, and React sends no change for it.
 * Once, after hydration, the box's text becomes the state, as if it had been typed just now: it is
 * searched or submitted like any other, and the box is not touched (caret and focus stay).
 */
export function useTypedBeforeHydration(field: RefObject<HTMLInputElement | null>, value: string, onTyped: (typed: string) => void): void {
  useEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined && typed !== value) onTyped(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on taking over the server's markup
  }, []);
}
