import { Suspense, useId, useRef, useState, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from "react";
import { useT } from "@/lib/i18n";
import { lazyPart } from "@/lib/lazy-part";
import type { Open } from "./listen-menu-popup";

/** Whether the open menu's code is here: then a key or a click opens it at once, within the event. */
let popupLoaded = false;
const loadPopup = () =>
  import("./listen-menu-popup").then((m) => {
    popupLoaded = true;
    return m;
  });
/** A menu whose code cannot be fetched (offline) stays closed. */
const ignore = () => undefined;
const ListenMenuPopup = lazyPart(() => loadPopup().then((m) => m.ListenMenuPopup));
/** The menu's code and its icons, fetched ahead of the open. */
const preload = () => void loadPopup().then((m) => m.loadIcons(), ignore);

/**
 * The 'Listen' menu of providers (docs/product.md §2), as the WAI-ARIA menu button pattern: the
 * button opens a menu of links; Enter, Space or ArrowDown open it on the first provider and
 * ArrowUp on the last, the arrows, Home and End move, a letter goes to the next provider that
 * starts with it, Escape closes it and gives focus back to the button, and Tab leaves it and
 * closes it, on to what follows the button. A mouse opens it by resting on the button and it
 * closes 150 ms after the pointer has left both; a click, a tap or a key opens it until it is
 * closed. It is drawn in the top layer (the Popover API) at the button's corner, inside the
 * screen, scrolling inside itself when the providers do not fit, so the banner cannot clip it.
 *
 * Only the button is in the page's own chunk: the server renders it closed and the browser
 * hydrates that same button. The menu's code (listen-menu-popup.tsx) and the platforms' icons
 * load at the first sign the visitor wants it (the pointer on the button, a touch, focus).
 */
export function ListenMenu({ className = "banner-btn" }: { className?: string } = {}) {
  const t = useT();
  const [open, setOpen] = useState<Open | null>(null);
  const [focusOnOpen, setFocusOnOpen] = useState<"first" | "last" | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // How the visitor last asked for the menu while its code was on the way; null once they left it.
  const wanted = useRef<Open | null>(null);
  const close = (returnFocus: boolean) => {
    wanted.current = null;
    setOpen(null);
    if (returnFocus) trigger.current?.focus();
  };

  // The menu opens once its code is here, unless the visitor has left it meanwhile: the pointer
  // gone from the button, or focus moved on from it when a key asked for it.
  const openBy = (how: Open, focus: "first" | "last" | null) => {
    const show = () => {
      setOpen(how);
      setFocusOnOpen(focus);
    };
    wanted.current = how;
    if (popupLoaded) return show();
    void loadPopup().then(() => {
      if (wanted.current === how && (!focus || document.activeElement === trigger.current)) show();
    }, ignore);
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " " || event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openBy("held", event.key === "ArrowUp" ? "last" : "first");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onPointerEnter = (event: ReactPointerEvent) => {
    preload();
    if (event.pointerType === "mouse" && !open) openBy("hover", null);
  };

  return (
    <>
      <button
        ref={trigger}
        type="button"
        id="listen-menu-trigger"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? menuId : undefined}
        data-state={open ? "open" : "closed"}
        onPointerEnter={onPointerEnter}
        onPointerLeave={() => {
          if (!open && wanted.current === "hover") wanted.current = null;
        }}
        onPointerDown={preload}
        onFocus={preload}
        // A click on a menu the pointer opened keeps it open instead of toggling it shut.
        onClick={() => (open === "hover" ? openBy("held", null) : open ? close(false) : openBy("held", null))}
        onKeyDown={onTriggerKeyDown}
      >
        {t("listenMenu.button")}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ListenMenuPopup id={menuId} open={open} trigger={trigger} focusOnOpen={focusOnOpen} close={close} />
        </Suspense>
      ) : null}
    </>
  );
}
