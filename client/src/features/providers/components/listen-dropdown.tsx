import { useCallback, useEffect, useState, type ComponentType, type KeyboardEvent } from "react";

/** docs/product.md §9: the dropdown closes 150 ms after the pointer leaves. */
export const LISTEN_CLOSE_DELAY_MS = 150;
export const LISTEN_TRIGGER_ID = "listen-menu-trigger";

/**
 * How the visitor asked for the menu before its code arrived: it opens that way once loaded
 * (a key press also puts focus on the first provider, as Radix does for keyboard opening).
 */
export type ListenIntent = "hover" | "click" | "press" | null;

type ListenMenuComponent = ComponentType<{ intent: ListenIntent }>;
const loadMenu = () => import("./listen-menu");

export function ListenButtonFace() {
  return (
    <>
      Listen
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </>
  );
}

/**
 * The 'Listen' menu button (docs/product.md §2). The menu itself (Radix's dropdown menu, listen-menu.tsx)
 * stays out of the visitor's first download (the 100 KB budget): this stand-in looks and reads
 * the same, loads the menu when the page is idle or as soon as the pointer, a tap or a key reaches
 * it, and is replaced by it in one step once its code is there (so focus moves over), with the
 * visitor's intent passed on.
 */
export function ListenDropdown() {
  const [Menu, setMenu] = useState<ListenMenuComponent | null>(null);
  const [intent, setIntent] = useState<ListenIntent>(null);

  const load = useCallback(() => {
    void loadMenu().then((module) => setMenu(() => module.default));
  }, []);

  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(load, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(load, 1000);
    return () => window.clearTimeout(timer);
  }, [load]);

  if (Menu) return <Menu intent={intent} />;

  const want = (next: ListenIntent) => {
    if (next) setIntent(next);
    load();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (["Enter", " ", "ArrowDown"].includes(event.key)) {
      event.preventDefault();
      want("press");
    }
  };
  return (
    <button
      type="button"
      id={LISTEN_TRIGGER_ID}
      className="banner-btn"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={(e) => want(e.pointerType === "mouse" ? "hover" : null)}
      onPointerLeave={(e) => e.pointerType === "mouse" && setIntent((i) => (i === "hover" ? null : i))}
      onFocus={() => want(null)}
      onClick={() => want("click")}
      onKeyDown={onKeyDown}
    >
      <ListenButtonFace />
    </button>
  );
}
