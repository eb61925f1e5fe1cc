import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { Provider } from "@shared/api";
import { useT } from "@/lib/i18n";
import { lazyPart } from "@/lib/lazy-part";
import { orderedProvidersQueryOptions } from "../api";
import { ProviderLink } from "./provider-link";

// The open Listen menu (listen-menu.tsx is its button): loaded at the first sign the visitor
// wants it, so a page carries only the button until then.

/**
 * The platforms' icons (their SVG paths are most of the menu's weight) load at the first sign the
 * visitor wants the menu (the pointer on the button, a touch, focus), not with the page: a
 * visitor who never opens it never downloads them.
 */
export const loadIcons = () => import("./provider-icon");
const ProviderIcon = lazyPart(() => loadIcons().then((m) => m.ProviderIcon));
const ICON_SPACE = <span aria-hidden="true" className="inline-block h-6 w-6 shrink-0 rounded-full bg-black/10" />;

/** docs/product.md §2: the menu closes 150 ms after the pointer leaves it and its button. */
const LISTEN_CLOSE_DELAY_MS = 150;

/**
 * The close 150 ms after the pointer has left the button and the menu (`onClose`), which the
 * pointer coming back cancels; closing the menu (unmounting this) cancels it too.
 */
function useCloseDelay(onClose: () => void) {
  const closeTimer = useRef<number | undefined>(undefined);
  const cancelClose = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = undefined;
  };
  const scheduleClose = () => {
    if (closeTimer.current !== undefined) return;
    closeTimer.current = window.setTimeout(() => {
      closeTimer.current = undefined;
      onClose();
    }, LISTEN_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);
  return { cancelClose, scheduleClose };
}

const EDGE = 8;
const GAP = 8;

const TABBABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), iframe, summary, [tabindex]";

/** The element a Tab from `from` reaches in the page's order, leaving out what is inside `skip`. */
function tabbableAfter(from: HTMLElement, skip: HTMLElement | null): HTMLElement | null {
  const shown = (el: HTMLElement) =>
    typeof el.checkVisibility === "function" ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0;
  const order = Array.from(document.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && !skip?.contains(el) && shown(el),
  );
  return order[order.indexOf(from) + 1] ?? null;
}

/** How the menu was opened: by the pointer resting on the button (it closes when the pointer leaves), or for good. */
export type Open = "hover" | "held";

/**
 * Where the menu is drawn: below its button (`trigger`), its end edge on the button's (its right
 * edge, or its left one right to left), inside the screen; placed as it opens, and again when the
 * window changes.
 */
function useMenuPlace(trigger: RefObject<HTMLButtonElement | null>) {
  // Measured as it first renders (the button is in the page by then), so focus can go into it at once.
  const [place, setPlace] = useState(() => placeBelow(trigger.current));
  useEffect(() => {
    const placeMenu = () => setPlace(placeBelow(trigger.current));
    window.addEventListener("resize", placeMenu);
    window.addEventListener("scroll", placeMenu, { passive: true });
    return () => {
      window.removeEventListener("resize", placeMenu);
      window.removeEventListener("scroll", placeMenu);
    };
  }, [trigger]);
  return place;
}

function placeBelow(button: HTMLElement | null) {
  const box = button?.getBoundingClientRect();
  if (!box) return null;
  const top = box.bottom + GAP;
  const maxHeight = Math.max(96, window.innerHeight - top - EDGE);
  return getComputedStyle(button!).direction === "rtl"
    ? { top, left: Math.max(EDGE, box.left), right: "auto" as const, maxHeight }
    : { top, right: Math.max(EDGE, window.innerWidth - box.right), left: "auto" as const, maxHeight };
}

/**
 * While the menu is open, a press anywhere but the button and the menu closes it; while opened by
 * hovering, the pointer anywhere else closes it after the delay, and coming back cancels that.
 */
function useOutsidePointer(
  open: Open,
  parts: { trigger: RefObject<HTMLElement | null>; menu: RefObject<HTMLElement | null> },
  { close, cancelClose, scheduleClose }: { close: (returnFocus: boolean) => void; cancelClose: () => void; scheduleClose: () => void },
) {
  const inside = (target: EventTarget | null) =>
    target instanceof Node && (!!parts.trigger.current?.contains(target) || !!parts.menu.current?.contains(target));
  const onOutsidePointer = useEffectEvent((event: PointerEvent) => {
    if (event.type === "pointerdown") {
      if (!inside(event.target)) close(false);
    } else if (open === "hover" && event.pointerType === "mouse") {
      if (inside(event.target)) cancelClose();
      else scheduleClose();
    }
  });
  useEffect(() => {
    const onPointer = (event: PointerEvent) => onOutsidePointer(event);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("pointermove", onPointer);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("pointermove", onPointer);
    };
  }, [open]);
}

/**
 * Moves focus among the menu's items as a WAI-ARIA menu does: the arrows (round the ends), Home,
 * End, and a letter to the next item whose name starts with it. False for any other key.
 */
function moveFocusByKey(key: string, list: HTMLElement[]): boolean {
  const at = list.indexOf(document.activeElement as HTMLElement);
  const moveTo = (index: number) => list[(index + list.length) % list.length]?.focus();
  if (key === "ArrowDown") moveTo(at + 1);
  else if (key === "ArrowUp") moveTo(at < 0 ? -1 : at - 1);
  else if (key === "Home") moveTo(0);
  else if (key === "End") moveTo(-1);
  else if (key.length === 1 && /\S/.test(key)) {
    // Typeahead: the next provider whose name starts with the letter.
    const letter = key.toLocaleLowerCase();
    const next = [...list.slice(at + 1), ...list.slice(0, at + 1)].find((item) =>
      (item.textContent ?? "").trim().toLocaleLowerCase().startsWith(letter),
    );
    next?.focus();
  } else return false;
  return true;
}

/** The menu's providers, each a link with its icon (loaded apart), or why there are none. */
function ProviderMenuItems({
  isPending,
  providers,
  onChoose,
}: {
  isPending: boolean;
  providers: Provider[] | undefined;
  onChoose: () => void;
}) {
  const t = useT();
  if (isPending)
    return (
      <p className="px-3 py-2" role="status">
        {t("providers.loading")}
      </p>
    );
  if (!providers || providers.length === 0) return <p className="px-3 py-2">{t("providers.none")}</p>;
  return providers.map((provider) => (
    <ProviderLink
      key={provider.id}
      provider={provider}
      icon={
        <Suspense fallback={ICON_SPACE}>
          <ProviderIcon icon={provider.icon} />
        </Suspense>
      }
      nameClassName="min-w-0 wrap-anywhere"
      role="menuitem"
      tabIndex={-1}
      onClick={onChoose}
      onPointerMove={(event) => event.pointerType === "mouse" && event.currentTarget.focus({ preventScroll: true })}
      className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 font-medium no-underline outline-none hover:bg-black/5 focus:bg-black/10 focus:ring-2 focus:ring-menu-ink"
    />
  ));
}

export interface ListenMenuPopupProps {
  id: string;
  open: Open;
  trigger: RefObject<HTMLButtonElement | null>;
  /** Which provider takes focus as the menu opens, if any (a key opened it). */
  focusOnOpen: "first" | "last" | null;
  close: (returnFocus: boolean) => void;
}

/** The open menu of providers, in the top layer at its button's corner (see ListenMenu). */
export function ListenMenuPopup({ id, open, trigger, focusOnOpen, close }: ListenMenuPopupProps) {
  const t = useT();
  const { cancelClose, scheduleClose } = useCloseDelay(() => close(false));
  const { data: providers, isPending } = useQuery(orderedProvidersQueryOptions());
  const menu = useRef<HTMLDivElement>(null);
  const place = useMenuPlace(trigger);
  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);

  // In the top layer while open, where no ancestor's overflow clips it.
  useLayoutEffect(() => {
    const element = menu.current;
    if (!element || typeof element.showPopover !== "function") return;
    element.showPopover();
    return () => {
      if (element.matches(":popover-open")) element.hidePopover();
    };
  }, []);

  // Focus goes into the menu as it is drawn, before the next key can arrive (effects run only
  // after the paint, decision 021).
  const focused = useRef(false);
  useLayoutEffect(() => {
    if (!focusOnOpen || focused.current) return;
    const list = items();
    const to = focusOnOpen === "first" ? list[0] : list.at(-1);
    if (!to) return;
    to.focus();
    focused.current = true;
  }, [focusOnOpen, providers]);

  useOutsidePointer(open, { trigger, menu }, { close, cancelClose, scheduleClose });

  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") close(true);
    else if (event.key === "Tab") {
      // Tab leaves a menu and closes it: on to what follows the button, or with Shift back to the
      // button, since the menu belongs right after it although it is drawn in the top layer.
      const to = event.shiftKey || !trigger.current ? trigger.current : (tabbableAfter(trigger.current, menu.current) ?? trigger.current);
      close(false);
      to?.focus();
    } else if (!moveFocusByKey(event.key, items())) return;
    event.preventDefault();
  };

  return (
    <div
      ref={menu}
      id={id}
      popover="manual"
      role="menu"
      aria-label={t("providers.label")}
      onKeyDown={onMenuKeyDown}
      className="listen-menu fixed z-30 m-0 overflow-y-auto rounded-xl bg-white p-2 text-menu-ink shadow-2xl ring-1 ring-black/10"
      style={place ?? undefined}
    >
      <ProviderMenuItems isPending={isPending} providers={providers} onChoose={() => close(false)} />
    </div>
  );
}
